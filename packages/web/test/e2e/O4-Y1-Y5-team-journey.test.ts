import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FakeModelServer, type RecordedRequest, startFakeModelServer } from '@skilldock/agent/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSkillsAsync } from '../../../cli/test/skills-cli.js';
import { launchBrowser, openPage, type PageWatch, pageWatch, screenshot } from '../support/browser.js';
import { type RunningServe, startServe } from '../support/start-serve.js';

const OWN_PASSWORD = 'journey-admin-password';
const ANSWER = 'Hello from the fake model, through the Assistant.';
const SKILL = 'release-checklist';
const KEPT = 'Step one: tag the release.';
const UNDONE = 'Step two: this line is taken back.';

/** The fake model: "OK" to the connection test (one token asked), the answer to a chat. */
function answer(request: RecordedRequest) {
  const body = request.body as { max_tokens?: number; max_completion_tokens?: number };
  return (body.max_tokens ?? body.max_completion_tokens) === 1 ? { text: 'OK' } : { text: ANSWER };
}

/** Switches the theme with the header's toggle, whatever language the page speaks. */
async function switchTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const html = page.locator('html');
  if ((await html.getAttribute('data-mantine-color-scheme')) === theme) return;
  // Dispatched, not clicked: with a dialog open its overlay covers the header (and a click on it would close the dialog).
  await page
    .getByRole('button', { name: /^(Switch to the (dark|light) theme|切换到(深|浅)色主题)$/ })
    .dispatchEvent('click');
  await page.locator(`html[data-mantine-color-scheme="${theme}"]`).waitFor({ state: 'attached' });
}

/** Switches the language with the header's select and waits until the page speaks it. */
async function switchLanguage(page: Page, language: 'en' | 'zh'): Promise<void> {
  await page.getByLabel(/^(Language|语言)$/).selectOption(language);
  await page.getByLabel(language === 'en' ? 'Language' : '语言', { exact: true }).waitFor();
}

/**
 * Screenshots of the page as it is, in both languages and both themes
 * (`test-artifacts/journey-<step>-<en|zh>-<light|dark>.png`); the page is left in English, light.
 */
async function shootEveryWay(page: Page, step: string): Promise<void> {
  await screenshot(page, `journey-${step}-en-light`);
  await switchTheme(page, 'dark');
  await screenshot(page, `journey-${step}-en-dark`);
  await switchLanguage(page, 'zh');
  await screenshot(page, `journey-${step}-zh-dark`);
  await switchTheme(page, 'light');
  await screenshot(page, `journey-${step}-zh-light`);
  await switchLanguage(page, 'en');
}

/**
 * Issue 24's done-when, only through the browser (SPEC O4, Y1, Y5, Y13, W1–W2): `skilldock serve` on
 * an empty data folder; sign in with the one-time password and choose one; add a model provider
 * pointing at the fake model server (Test connection succeeds); chat with the built-in Assistant;
 * create a skill from the template, edit it twice and restore the first edit from its History; issue
 * a `skills:read` token under Account → API tokens; the upstream `skills` CLI (a real process)
 * installs that skill through the token link `/t/<token>/.well-known/…` with the restored content;
 * the same token is refused on `/api/conversations`. Every step is shot in both languages and themes,
 * and no page logs a console problem or a refused request on the way.
 */
describe('web app: a team member from first run to the skills CLI', { timeout: 300_000 }, () => {
  let serve: RunningServe;
  let browser: Browser;
  let model: FakeModelServer;
  let page: Page;
  let watch: PageWatch;
  let token: string;
  let workspace: string;

  beforeAll(async () => {
    [serve, browser, model, workspace] = await Promise.all([
      startServe(),
      launchBrowser(),
      startFakeModelServer({ script: answer }),
      mkdtemp(path.join(tmpdir(), 'skilldock-journey-')),
    ]);
    watch = pageWatch();
    ({ page } = await openPage(browser, watch));
    page.setDefaultTimeout(20_000);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
    await model?.close();
    if (workspace !== undefined) await rm(workspace, { recursive: true, force: true });
  }, 60_000);

  it('O4 signs in with the one-time password and chooses a password', async () => {
    await page.goto(serve.url);
    await page.getByRole('heading', { name: 'Sign in to Skilldock' }).waitFor();
    await shootEveryWay(page, '1-sign-in');
    await page.getByLabel('Username', { exact: true }).fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(serve.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await shootEveryWay(page, '2-choose-password');
    await page.getByLabel('Current password').fill(serve.adminPassword);
    await page.getByLabel('New password', { exact: true }).fill(OWN_PASSWORD);
    await page.getByLabel('New password again').fill(OWN_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'Set up Skilldock' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/setup');
  });

  it('O4 adds a provider pointing at the fake model; Test connection makes one request and succeeds', async () => {
    const step = page.getByTestId('setup-step-2');
    await step.getByRole('button', { name: 'Add provider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a model provider' });
    await dialog.getByLabel(/^Provider id/).fill('fake');
    await dialog.getByLabel('Base URL').fill(model.openaiBaseUrl);
    await dialog.getByLabel(/^Models/).fill('fake-model');
    await dialog.getByLabel(/^Models/).press('Enter');
    await dialog.getByText('No key', { exact: true }).click();
    await shootEveryWay(page, '3-add-provider');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    const before = model.requests.length;
    await page.getByRole('button', { name: 'Test connection of fake' }).click();
    const success = page.getByTestId('provider-fake').getByTestId('test-connection-success');
    await success.waitFor();
    await expect(success.textContent()).resolves.toMatch(/fake-model answered “OK” in \d+ ms/);
    expect(model.requests.length - before).toBe(1);
    await page.getByTestId('setup-step-2').getByText('Done').waitFor();
    await shootEveryWay(page, '4-provider-tested');
  });

  it('O4 the built-in Assistant answers through the new provider', async () => {
    await page.getByTestId('setup-step-5').getByRole('button', { name: 'Chat with Assistant' }).click();
    await page.waitForURL(/\/agents\/[^/]+\/chat/);
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.click();
    await composer.fill('Hello?');
    await page.keyboard.press('Enter');
    await page.getByTestId('chat-turn').last().getByText(ANSWER).waitFor();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await shootEveryWay(page, '5-assistant-answers');
  });

  it('Y5 creates a skill from the template, edits it twice and restores the first edit from its History', async () => {
    await page.getByRole('link', { name: 'Skills', exact: true }).click();
    await page.getByRole('button', { name: 'New skill' }).click();
    const dialog = page.getByTestId('new-skill-modal');
    await dialog.getByRole('textbox', { name: /Name/ }).fill(SKILL);
    await dialog.getByRole('textbox', { name: /Description/ }).fill('Checks a release before it ships.');
    await dialog.getByTestId('new-skill-check').getByText('The SKILL.md is valid.').waitFor();
    await shootEveryWay(page, '6-new-skill');
    await dialog.getByRole('button', { name: 'Create skill' }).click();
    await page.waitForURL(new RegExp(`/my-skills/${SKILL}$`));
    const editor = page.getByRole('textbox', { name: 'Contents of SKILL.md' });
    await editor.waitFor();
    await page.getByText('SKILL.md is valid.').waitFor();

    for (const line of [KEPT, UNDONE]) {
      await editor.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type(`\n${line}`);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByTestId('save-state').getByText('Saved.').waitFor();
    }
    await shootEveryWay(page, '7-skill-edited');

    await page.getByRole('tab', { name: 'History' }).click();
    const items = page.getByRole('list', { name: 'History' }).getByRole('listitem');
    // Two saves and the created content as the baseline.
    await items.nth(2).getByText('Before the first recorded save').waitFor();
    await expect(items.count()).resolves.toBe(3);
    await items.first().getByText('Current').waitFor();
    const firstEdit = items.nth(1);
    await firstEdit.getByRole('button', { name: /^Compare revision/ }).click();
    await page.getByTestId('revision-diff').getByText(`+ ${UNDONE}`).waitFor();
    await shootEveryWay(page, '8-skill-history-diff');
    await firstEdit.getByRole('button', { name: /^Restore revision/ }).click();
    await page
      .getByTestId('restore-revision-dialog')
      .getByRole('button', { name: 'Restore and lose unsaved edits' })
      .click();
    await items.first().getByText('Restored').waitFor();
    await page.getByRole('tab', { name: 'Content' }).click();
    const restored = await page.getByRole('textbox', { name: 'Contents of SKILL.md' }).textContent();
    expect(restored).toContain(KEPT);
    expect(restored).not.toContain(UNDONE);
    await shootEveryWay(page, '9-skill-restored');
  });

  it('Y1 issues a skills:read token under Account → API tokens', async () => {
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'API tokens' }).click();
    await page.getByRole('heading', { name: 'API tokens', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'New token' });
    await form.getByLabel('Name', { exact: true }).fill('laptop skills');
    // Only "Read skills" is chosen, as the form starts.
    await expect(form.getByRole('checkbox', { checked: true }).count()).resolves.toBe(1);
    await expect(form.getByRole('checkbox', { name: /Read skills/ }).isChecked()).resolves.toBe(true);
    await form.getByRole('button', { name: 'Create token' }).click();
    const issued = page.getByTestId('issued-token');
    await issued.waitFor();
    token = ((await issued.textContent()) ?? '').trim();
    expect(token).toMatch(/^skd_/);
    await page.getByText(`npx skills add ${serve.url}/t/${token}`).waitFor();
    await shootEveryWay(page, '10-token-issued');
    await page.getByRole('cell', { name: 'laptop skills', exact: true }).waitFor();
  });

  it('Y13 the skills CLI installs the restored skill through the token link; the token cannot read conversations', async () => {
    const project = path.join(workspace, 'project');
    const home = path.join(workspace, 'home');
    await Promise.all([mkdir(project), mkdir(home)]);
    const run = await runSkillsAsync(
      ['add', `${serve.url}/t/${token}`, '--skill', SKILL, '-y', '--copy', '--agent', 'claude-code'],
      { cwd: project, home },
    );
    expect(run.status, run.stdout + run.stderr).toBe(0);
    const installed = await readFile(path.join(project, '.claude/skills', SKILL, 'SKILL.md'), 'utf8');
    expect(installed).toContain(`name: "${SKILL}"`);
    expect(installed).toContain(KEPT);
    expect(installed).not.toContain(UNDONE);
    expect((await stat(path.join(project, 'skills-lock.json'))).isFile()).toBe(true);
    expect(await readFile(path.join(project, 'skills-lock.json'), 'utf8')).not.toContain(token);

    const conversations = await fetch(`${serve.url}/api/conversations`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(conversations.status).toBe(403);
    expect(((await conversations.json()) as { error: { code: string } }).error.code).toBe(
      'token_scope_missing',
    );

    // The page shows the token as used.
    await page.reload();
    const row = page.getByRole('row', { name: /laptop skills/ });
    await row.waitFor();
    await expect(row.textContent()).resolves.not.toContain('Never');
    await shootEveryWay(page, '11-token-used');
    expect(watch.problems).toEqual([]);
    expect(watch.failedRequests).toEqual([]);
  });
});
