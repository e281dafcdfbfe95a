import { type FakeModelServer, type RecordedRequest, startFakeModelServer } from '@skilldock/agent/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  type PageWatch,
  pageWatch,
  screenshot,
  unlabelledControls,
} from '../support/browser.js';
import { type RunningServe, startServe } from '../support/start-serve.js';

const OWN_PASSWORD = 'my-own-admin-password';
const ANSWER = 'Hello from the fake model, through the Assistant.';

/** The fake model: "OK" to the connection test (one token asked), the answer to a chat. */
function answer(request: RecordedRequest) {
  const body = request.body as { max_tokens?: number; max_completion_tokens?: number };
  return (body.max_tokens ?? body.max_completion_tokens) === 1 ? { text: 'OK' } : { text: ANSWER };
}

/**
 * The first run without a terminal (SPEC O4), in a real browser against `skilldock serve` on an
 * empty data folder (embedded PGlite, as a user gets it): sign in with the one-time password, choose
 * a password, then the setup checklist — a model provider pointing at the fake model server whose
 * Test connection succeeds (and a wrong one whose failure is shown exactly) — and a chat with the
 * built-in Assistant that answers. Screenshots in both themes and languages.
 */
describe('web app: first run', { timeout: 240_000 }, () => {
  let serve: RunningServe;
  let browser: Browser;
  let model: FakeModelServer;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    [serve, browser, model] = await Promise.all([
      startServe(),
      launchBrowser(),
      startFakeModelServer({ script: answer }),
    ]);
    watch = pageWatch();
    ({ page } = await openPage(browser, watch));
    page.setDefaultTimeout(20_000);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
    await model?.close();
  }, 60_000);

  it('O4 the one-time password leads to choosing a password, which leads to the setup checklist', async () => {
    await page.goto(serve.url);
    await page.getByRole('heading', { name: 'Sign in to Skilldock' }).waitFor();
    await page.getByLabel('Username', { exact: true }).fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(serve.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await screenshot(page, 'o4-1-choose-password');
    await page.getByLabel('Current password').fill(serve.adminPassword);
    await page.getByLabel('New password', { exact: true }).fill(OWN_PASSWORD);
    await page.getByLabel('New password again').fill(OWN_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'Set up Skilldock' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/setup');
    const step = (number: number) => page.getByTestId(`setup-step-${number}`);
    await step(1).getByText('Done').waitFor();
    await step(2).getByText('To do').waitFor();
    await step(2).getByText('No model provider yet').waitFor();
    await expect(step(5).getByRole('button', { name: 'Chat with Assistant' }).isDisabled()).resolves.toBe(
      true,
    );
    await screenshot(page, 'o4-2-setup-empty');
    expect(await unlabelledControls(page)).toEqual([]);
  });

  it('O4 a provider pointing nowhere fails its test with the exact failure; one pointing at the model passes', async () => {
    const step = page.getByTestId('setup-step-2');
    const addProvider = async (id: string, baseUrl: string) => {
      await step.getByRole('button', { name: 'Add provider' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a model provider' });
      await dialog.getByLabel(/^Provider id/).fill(id);
      await dialog.getByLabel('Base URL').fill(baseUrl);
      await dialog.getByLabel(/^Models/).fill('fake-model');
      await dialog.getByLabel(/^Models/).press('Enter');
      await dialog.getByText('No key', { exact: true }).click();
      await screenshot(page, `o4-3-add-provider-${id}`);
      expect(await unlabelledControls(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId(`provider-${id}`).waitFor();
    };

    // Port 9 (discard) on loopback: nothing listens there.
    await addProvider('broken', 'http://127.0.0.1:9/v1');
    await page.getByRole('button', { name: 'Test connection of broken' }).click();
    const failure = page.getByTestId('provider-broken').getByTestId('test-connection-failure');
    await failure.waitFor();
    await expect(failure.textContent()).resolves.toContain('model_connection_failed');
    await page.getByRole('button', { name: 'Delete broken' }).click();
    await page
      .getByRole('dialog', { name: 'Remove broken?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByTestId('provider-broken').waitFor({ state: 'detached' });

    await addProvider('fake', model.openaiBaseUrl);
    const provider = page.getByTestId('provider-fake');
    await expect(provider.textContent()).resolves.toContain('No key');
    const before = model.requests.length;
    await page.getByRole('button', { name: 'Test connection of fake' }).click();
    const success = provider.getByTestId('test-connection-success');
    await success.waitFor();
    await expect(success.textContent()).resolves.toMatch(/fake-model answered “OK” in \d+ ms/);
    expect(model.requests.length - before).toBe(1);
    await page.getByTestId('setup-step-2').getByText('Done').waitFor();
    await page.getByTestId('setup-step-3').getByText('Done').waitFor();
    await screenshot(page, 'o4-4-setup-tested');
  });

  it('O4 the checklist in the dark theme and in Chinese', async () => {
    await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
    await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe('dark');
    await screenshot(page, 'o4-5-setup-dark');
    await page.getByLabel('Language').selectOption('zh');
    await page.getByRole('heading', { name: '设置 Skilldock' }).waitFor();
    await page.getByRole('button', { name: '测试 fake 的连接' }).click();
    await page.getByTestId('provider-fake').getByText('连接正常').waitFor();
    await screenshot(page, 'o4-6-setup-dark-zh');
    await page.getByRole('button', { name: '切换到浅色主题' }).click();
    await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe('light');
    await screenshot(page, 'o4-7-setup-light-zh');
    await page.getByLabel('语言').selectOption('en');
    await page.getByRole('heading', { name: 'Set up Skilldock' }).waitFor();
  });

  it('O4 the built-in Assistant answers with the new provider', async () => {
    await page.getByTestId('setup-step-5').getByRole('button', { name: 'Chat with Assistant' }).click();
    await page.waitForURL(/\/agents\/[^/]+\/chat/);
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.click();
    await composer.fill('Hello?');
    await page.keyboard.press('Enter');
    await page.getByTestId('chat-turn').last().getByText(ANSWER).waitFor();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await screenshot(page, 'o4-8-assistant-answers');
    expect(watch.problems).toEqual([]);
    // The only refused request is the broken provider's test (the session probe answers 200 for nobody).
    expect(watch.failedRequests).toEqual(['502 POST /api/admin/model-providers/broken/test']);
  });
});
