import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  type PageWatch,
  pageWatch,
  screenshot,
  unlabelledControls,
} from '../support/browser.js';
import { callApi, signInAdmin, signInChoosingPassword } from '../support/sign-in.js';
import { type RunningServe, startServe } from '../support/start-serve.js';

const ADMIN_PASSWORD = 'an-admin-password-1';
const USER_PASSWORD = 'a-user-password-12';
const OWN_PASSWORD = 'my-own-user-password';

/**
 * Admin → Runs (issue 25 item 3) in a real browser against a real `skilldock serve`: a user's run
 * held by the fake model runs while their second waits its turn (one run at once); the admin sees
 * both with who, agent, status, position and worker, cancels the queued one from the keyboard
 * after a confirmation — the user's chat then says an administrator cancelled it, offering Retry — and the page
 * reads in Chinese, in the dark theme and at 360 px.
 */
describe('web app: admin runs', { timeout: 120_000 }, () => {
  let serve: RunningServe;
  let browser: Browser;
  let model: FakeModelServer;
  let watch: PageWatch;
  let admin: { context: BrowserContext; page: Page };
  let user: { context: BrowserContext; csrf: string };
  let conversations: string[] = [];
  let runIds: string[] = [];
  let agentId: string;

  beforeAll(async () => {
    [serve, browser, model] = await Promise.all([
      startServe({ database: 'postgres' }),
      launchBrowser(),
      // Every answer holds after its first words until the run is stopped.
      startFakeModelServer({
        script: () => ({
          text: 'Working on it…',
          chunkSize: 4,
          pause: { afterEvents: 3, until: new Promise(() => {}) },
        }),
      }),
    ]);
    watch = pageWatch();
    admin = await openPage(browser, watch);
    admin.page.setDefaultTimeout(20_000);
    const csrf = await signInAdmin(admin.context.request, serve, ADMIN_PASSWORD);
    const post = (context: BrowserContext, token: string, route: string, data: unknown) =>
      callApi(context.request, serve.url, token, 'post', route, data);
    await post(admin.context, csrf, '/api/admin/model-providers', {
      id: 'fake',
      protocol: 'openai',
      baseUrl: model.openaiBaseUrl,
      models: ['fake-model'],
      defaultModel: 'fake-model',
    });
    await callApi(admin.context.request, serve.url, csrf, 'put', '/api/admin/settings/runs', {
      timeLimitSeconds: 1800,
      maxTurns: 100,
      maxConcurrentRunsPerUser: 1,
    });
    await post(admin.context, csrf, '/api/admin/users', { username: 'uma', password: USER_PASSWORD });
    const userContext = await browser.newContext();
    const userCsrf = await signInChoosingPassword(
      userContext.request,
      serve.url,
      'uma',
      USER_PASSWORD,
      OWN_PASSWORD,
    );
    user = { context: userContext, csrf: userCsrf };
    agentId = (
      (await post(userContext, userCsrf, '/api/agents', { name: 'Slowpoke', model: 'fake:fake-model' })) as {
        agent: { id: string };
      }
    ).agent.id;
    conversations = [];
    runIds = [];
    for (const prompt of ['First question', 'Second question']) {
      const conversation = (await post(userContext, userCsrf, '/api/conversations', { agentId })) as {
        conversation: { id: string };
      };
      conversations.push(conversation.conversation.id);
      const run = (await post(
        userContext,
        userCsrf,
        `/api/conversations/${conversation.conversation.id}/runs`,
        {
          prompt,
        },
      )) as { run: { id: string } };
      runIds.push(run.run.id);
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
    await model?.close();
  }, 60_000);

  it('O2 the admin sees the running and the queued run, and cancels the queued one from the keyboard after a confirmation', async () => {
    const { page } = admin;
    await page.goto(`${serve.url}/admin/runs`);
    await page.getByRole('heading', { name: 'Running and queued runs' }).waitFor();
    const rows = page.getByTestId('admin-run');
    await page.locator(`[data-testid="admin-run"][data-run="${runIds[0]}"][data-status="running"]`).waitFor();
    await expect(rows.count()).resolves.toBe(2);
    const queued = page.locator(`[data-testid="admin-run"][data-run="${runIds[1]}"]`);
    await expect(queued.getAttribute('data-status')).resolves.toBe('queued');
    await expect(queued.textContent()).resolves.toContain('1 of the user’s runs ahead');
    await expect(rows.first().textContent()).resolves.toContain('Slowpoke');
    await expect(rows.first().textContent()).resolves.toContain('uma');
    // Prompts stay private to their user.
    await expect(page.getByText('Second question').count()).resolves.toBe(0);
    await screenshot(page, 'admin-runs');
    expect(await unlabelledControls(page)).toEqual([]);

    await page.getByRole('button', { name: 'Cancel the run of uma with Slowpoke' }).last().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cancel this run?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel the run' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await queued.waitFor({ state: 'detached' });
    await expect(rows.count()).resolves.toBe(1);

    const run = (await callApi(
      user.context.request,
      serve.url,
      user.csrf,
      'get',
      `/api/runs/${runIds[1]}`,
    )) as {
      run: { status: string; startedAt: string | null };
    };
    expect(run.run).toMatchObject({ status: 'cancelled', startedAt: null });
    // The user's chat says who stopped it.
    const userPage = await user.context.newPage();
    await userPage.goto(`${serve.url}/agents/${agentId}/chat/${conversations[1]}`);
    const failure = userPage.getByTestId('run-error');
    await failure.getByText('An administrator cancelled this run.', { exact: false }).waitFor();
    await failure.getByText('run_cancelled_by_admin').waitFor();
    await userPage.getByRole('button', { name: 'Retry' }).waitFor();
    await userPage.close();
  });

  it('O2 W6 the runs page in Chinese, in the dark theme and at 360 px', async () => {
    const { page } = admin;
    await page.getByLabel('Language').selectOption('zh');
    await page.getByRole('heading', { name: '运行中和排队中的运行' }).waitFor();
    await page.getByRole('button', { name: '切换到深色主题' }).click();
    await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe('dark');
    await screenshot(page, 'admin-runs-zh-dark');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.waitForFunction(() => document.documentElement.scrollWidth <= 360, undefined, {
      timeout: 10_000,
    });
    await screenshot(page, 'admin-runs-360-dark');
    expect(await unlabelledControls(page)).toEqual([]);
    await page.getByRole('button', { name: '切换到浅色主题' }).click();
    await page.getByLabel('语言').selectOption('en');
    expect(watch.problems).toEqual([]);
    expect(watch.failedRequests).toEqual([]);
  });
});
