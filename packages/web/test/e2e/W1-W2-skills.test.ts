import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBareRepository } from '../../../core/test/install/sources/install-fixtures.js';
import { yazlZip } from '../../../core/test/package/package-test-helpers.js';
import { launchBrowser, openPage, type PageWatch, pageWatch, screenshot } from '../support/browser.js';
import { callApi, signIn, signInAdmin, signInChoosingPassword } from '../support/sign-in.js';
import { type RunningServe, startServe } from '../support/start-serve.js';

const ADMIN_PASSWORD = 'an-admin-password-1';
const USER_PASSWORD = 'a-user-password-12';
const OWN_PASSWORD = 'my-own-user-password';

const skillText = (name: string, description: string, extra = '') =>
  `---\nname: ${name}\ndescription: ${description}\n${extra}---\n\n# ${name}\n\nUse it well.\n`;

/**
 * The skills side of the web app in a real browser against a real `skilldock serve`: installing
 * from an upload and from a git remote, reviewing a draft with an invalid skill, editing and
 * saving, a 409 from a second browser, sharing with a department, allowed_hosts refusing a remote
 * install, and the pages in dark, at 360 px and in Chinese.
 */
describe('web app: skills', { timeout: 120_000 }, () => {
  let serve: RunningServe;
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  let watch: PageWatch;
  let csrf: string;
  let hostRoot: string;
  let departmentId: string;

  const api = (method: 'get' | 'post' | 'put', route: string, data?: unknown) =>
    callApi(admin.context.request, serve.url, csrf, method, route, data);

  beforeAll(async () => {
    hostRoot = await mkdtemp(path.join(tmpdir(), 'skilldock-web-git-'));
    [serve, browser] = await Promise.all([startServe({ database: 'postgres' }), launchBrowser()]);
    // `skilldock serve` runs git with this HOME: its global config sends github.com to the local bare repositories.
    await writeFile(
      path.join(serve.home, '.gitconfig'),
      `[url "file://${hostRoot}/"]\n\tinsteadOf = https://github.com/\n[protocol "file"]\n\tallow = always\n`,
    );
    await makeBareRepository(hostRoot, 'acme/team-skills', async (tree) => {
      await mkdir(path.join(tree, 'skills', 'release-notes'), { recursive: true });
      await writeFile(
        path.join(tree, 'skills', 'release-notes', 'SKILL.md'),
        skillText('release-notes', 'Write release notes.'),
      );
      await mkdir(path.join(tree, 'skills', 'broken'), { recursive: true });
      await writeFile(
        path.join(tree, 'skills', 'broken', 'SKILL.md'),
        '---\nname: broken\n---\nNo description.\n',
      );
    });
    watch = pageWatch();
    admin = await openPage(browser, watch);
    admin.page.setDefaultTimeout(10_000);
    csrf = await signInAdmin(admin.context.request, serve, ADMIN_PASSWORD);
    departmentId = (
      (await api('post', '/api/admin/departments', { name: 'Sales' })) as { department: { id: string } }
    ).department.id;
    await api('post', '/api/admin/users', {
      username: 'sam',
      password: USER_PASSWORD,
      departmentIds: [departmentId],
    });
    await api('post', '/api/admin/users', { username: 'otto', password: USER_PASSWORD });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
    if (hostRoot !== undefined) await rm(hostRoot, { recursive: true, force: true });
  }, 120_000);

  it('Y2 an uploaded ZIP is reviewed and installed as shared with the Sales department', async () => {
    const { page } = admin;
    await page.goto(`${serve.url}/skills`);
    await page.getByRole('heading', { name: 'Skills', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Install skills' }).click();
    const zip = await yazlZip({
      'report-helper/SKILL.md': skillText(
        'report-helper',
        'Build weekly reports.',
        'tool_dependencies: [Bash]\n',
      ),
      'report-helper/notes.md': '# Notes\n',
    });
    await page.getByLabel('Choose a ZIP or SKILL.md to upload').setInputFiles({
      name: 'skills.zip',
      mimeType: 'application/zip',
      buffer: zip,
    });
    const review = page.getByTestId('draft-review');
    await review.waitFor().catch(async (error: unknown) => {
      await screenshot(page, 'debug-upload');
      throw new Error(`${String(error)}\n${JSON.stringify(watch)}`);
    });
    await expect(review.getByTestId('draft-skill').count()).resolves.toBe(1);
    await review.getByText('SKILL.md (', { exact: false }).first().waitFor();
    await screenshot(page, 'skills-draft-upload');

    // Shared with the Sales department: read by Sales, managed by admins only.
    await review.getByRole('radio', { name: 'Shared' }).check();
    await review
      .getByRole('radiogroup', { name: 'Who may read' })
      .getByRole('radio', { name: 'Departments' })
      .check();
    await review.getByLabel('Departments (Who may read)').click();
    await page.getByRole('option', { name: 'Sales' }).click();
    await page.keyboard.press('Escape');
    await review.getByRole('button', { name: 'Install 1 skill' }).click();
    await page.getByTestId('draft-review').waitFor({ state: 'detached' });
    await page.locator('[data-skill="report-helper"]').waitFor();
  });

  it('Y3 the department shares it: a Sales user sees the skill, a user outside Sales does not', async () => {
    for (const [username, sees] of [
      ['sam', true],
      ['otto', false],
    ] as const) {
      const user = await openPage(browser, watch);
      // The admin set their password: they choose their own first, as the web app asks.
      await signInChoosingPassword(user.context.request, serve.url, username, USER_PASSWORD, OWN_PASSWORD);
      await user.page.goto(`${serve.url}/skills`);
      await user.page.getByRole('heading', { name: 'Shared and builtin skills' }).waitFor();
      await user.page
        .getByText(/\d+ skills?\b/)
        .first()
        .waitFor();
      await expect(user.page.locator('[data-skill="report-helper"]').count()).resolves.toBe(sees ? 1 : 0);
      await user.context.close();
    }
  });

  it('Y4 Y5 a git remote (a local bare repository stands in for GitHub) with an invalid skill: reviewed apart, the valid one installed as personal', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Install skills' }).click();
    await page.getByRole('tab', { name: 'Repository' }).click();
    await page.getByLabel('Repository or URL').fill('acme/team-skills');
    await page.getByRole('button', { name: 'Find skills' }).click();
    const review = page.getByTestId('draft-review');
    await review.getByText('release-notes', { exact: true }).first().waitFor();
    await screenshot(page, 'skills-draft-review');
    await expect(review.getByTestId('draft-skill').count()).resolves.toBe(1);
    const failed = review.getByTestId('draft-failed');
    await expect(failed.count()).resolves.toBe(1);
    await expect(failed.getByText('Not installable').count()).resolves.toBe(1);
    await expect(failed.getByRole('checkbox').count()).resolves.toBe(0);
    await expect(failed.getByText(/SKILL\.md:\d+/).count()).resolves.toBeGreaterThan(0);
    await screenshot(page, 'skills-draft-review');
    await review.getByRole('button', { name: 'Install 1 skill' }).click();
    await page.locator('[data-testid="personal-skill-card"][data-skill="release-notes"]').waitFor();
  });

  it('W2 edit SKILL.md with live diagnostics, keep drafts across files, save', async () => {
    const { page } = admin;
    await page.locator('[data-skill="report-helper"]').getByRole('link', { name: 'report-helper' }).click();
    const editor = page.getByRole('textbox', { name: 'Contents of SKILL.md' });
    await editor.waitFor();
    await page.getByText('SKILL.md is valid.').waitFor();
    // Breaking the frontmatter is named at once, with core's message and a line.
    await editor.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.type('\ntags: [unclosed');
    await page
      .getByTestId('frontmatter-diagnostics')
      .getByText(/SKILL\.md:\d+/)
      .waitFor()
      .catch(async (error: unknown) => {
        await screenshot(page, 'debug-diagnostics');
        throw error;
      });
    await screenshot(page, 'skills-editor-diagnostic');
    await page.keyboard.press('Control+z');
    await page.getByText('SKILL.md is valid.').waitFor();
    // A Chinese name is checked live too: the page loads pinyin to derive its id, then checks.
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.type('name: 报告助手');
    await page.getByText('SKILL.md is valid.').waitFor();
    await page.keyboard.type('\ntags: [unclosed');
    await page
      .getByTestId('frontmatter-diagnostics')
      .getByText(/SKILL\.md:\d+/)
      .waitFor();
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.type('name: report-helper');
    await page.getByText('SKILL.md is valid.').waitFor();
    await expect(editor.textContent()).resolves.not.toMatch(/报告助手|unclosed/);
    await expect(page.getByTestId('save-state').textContent()).resolves.toBe('No unsaved changes.');
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nMine: edited in the browser.');
    // Another file, then back: the draft is still there.
    await page.locator('[data-path="notes.md"]').click();
    await page.getByRole('textbox', { name: 'Contents of notes.md' }).waitFor();
    await page.locator('[data-path="SKILL.md"]').click();
    await expect(
      page.getByRole('textbox', { name: 'Contents of SKILL.md' }).textContent(),
    ).resolves.toContain('Mine: edited in the browser.');
    await expect(page.getByTestId('save-state').textContent()).resolves.toBe('1 unsaved change');
    await screenshot(page, 'skills-editor');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByTestId('save-state').getByText('Saved.').waitFor();
    const file = await api('get', '/api/skills/report-helper/files/SKILL.md');
    expect((file as { content: string }).content).toContain('Mine: edited in the browser.');
  });

  it('W2 a save from a second browser makes mine a 409 that keeps my draft, kept as a copy', async () => {
    const { page } = admin;
    await page.getByRole('textbox', { name: 'Contents of SKILL.md' }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nMy second edit.');

    const other = await openPage(browser, watch);
    await signIn(other.context.request, serve.url, 'admin', ADMIN_PASSWORD);
    await other.page.goto(`${serve.url}/skills/report-helper`);
    await other.page.getByRole('textbox', { name: 'Contents of SKILL.md' }).click();
    await other.page.keyboard.press('Control+End');
    await other.page.keyboard.type('\nTheir edit.');
    await other.page.getByRole('button', { name: 'Save', exact: true }).click();
    await other.page.getByTestId('save-state').getByText('Saved.').waitFor();
    await other.context.close();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByTestId('conflict-dialog');
    await dialog.waitFor();
    await dialog.getByText('changed SKILL.md').waitFor();
    await dialog.getByRole('button', { name: 'Review the diff' }).click();
    await dialog.getByTestId('conflict-diff').getByText('+ My second edit.').waitFor();
    await dialog.getByText('- Their edit.').waitFor();
    await screenshot(page, 'skills-conflict');
    await dialog.getByRole('button', { name: 'Keep mine as a copy' }).click();
    await page.locator('[data-path="SKILL.mine.md"]').waitFor();
    await expect(
      page.getByRole('textbox', { name: 'Contents of SKILL.mine.md' }).textContent(),
    ).resolves.toContain('My second edit.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByTestId('save-state').getByText('Saved.').waitFor();
    const theirs = (await api('get', '/api/skills/report-helper/files/SKILL.md')) as { content: string };
    expect(theirs.content).toContain('Their edit.');
    const mine = (await api('get', '/api/skills/report-helper/files/SKILL.mine.md')) as { content: string };
    expect(mine.content).toContain('My second edit.');
    expect(watch.failedRequests.filter((line) => line.startsWith('409 '))).toEqual([
      '409 POST /api/skills/report-helper/save',
    ]);
  });

  it('W2 the History tab lists every save with its author, compares a revision side by side and restores it', async () => {
    const { page } = admin;
    await page.getByRole('tab', { name: 'History' }).click();
    const list = page.getByRole('list', { name: 'History' });
    await list.waitFor();
    const items = list.getByRole('listitem');
    // Three saves (mine, theirs, my copy) and the installed content as the baseline.
    await expect(items.count()).resolves.toBe(4);
    await items.first().getByText('Current').waitFor();
    const baseline = items.last();
    await baseline.getByText('Before the first recorded save').waitFor();
    await baseline.getByRole('button', { name: /^Compare revision/ }).click();
    const diff = page.getByTestId('revision-diff');
    await diff.getByText('+ Their edit.').waitFor();
    await screenshot(page, 'skills-history');
    await baseline.getByRole('button', { name: /^Restore revision/ }).click();
    const dialog = page.getByTestId('restore-revision-dialog');
    await dialog.getByRole('button', { name: 'Restore and lose unsaved edits' }).click();
    await items.first().getByText('Restored').waitFor();
    const restored = (await api('get', '/api/skills/report-helper/files/SKILL.md')) as { content: string };
    expect(restored.content).not.toContain('Their edit.');
    await page.getByRole('tab', { name: 'Content' }).click();
    await expect(
      page.getByRole('textbox', { name: 'Contents of SKILL.md' }).textContent(),
    ).resolves.not.toContain('Their edit.');
  });

  it('Y9 once the admin narrows allowed_hosts, a remote install is refused in the UI', async () => {
    const { page } = admin;
    await api('put', '/api/admin/settings/install/allowed-hosts', { allowedHosts: ['example.com'] });
    await page.getByRole('link', { name: '← All skills' }).click();
    await page.getByRole('button', { name: 'Install skills' }).click();
    await page.getByRole('tab', { name: 'Repository' }).click();
    await page.getByLabel('Repository or URL').fill('acme/team-skills');
    await page.getByRole('button', { name: 'Find skills' }).click();
    const alert = page.getByRole('dialog').getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toMatch(/github\.com/);
    await screenshot(page, 'skills-remote-refused');
    await page.keyboard.press('Escape');
  });

  it('W6 the skills pages in dark, at 360 px and in Chinese, without console problems', async () => {
    const { page } = admin;
    // Keyboard: every control after "Install skills" takes focus with a visible ring and has a name.
    await page.getByRole('button', { name: 'Install skills' }).focus();
    const reached: string[] = [];
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLInputElement;
        const style = getComputedStyle(element);
        const label =
          element.getAttribute('aria-label') ?? element.labels?.[0]?.textContent ?? element.textContent;
        return { label: label?.trim() ?? '', outline: style.outlineStyle };
      });
      expect(focused.outline, `focus ring on ${focused.label}`).not.toBe('none');
      expect(focused.label).not.toBe('');
      reached.push(focused.label);
    }
    expect(reached[0]).toBe('Search skills');
    await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
    await screenshot(page, 'skills-list-dark');
    await page.goto(`${serve.url}/skills/report-helper`);
    await page.getByRole('textbox', { name: 'Contents of SKILL.md' }).waitFor();
    await screenshot(page, 'skills-editor-dark');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByLabel('Language').selectOption('zh');
    await page.getByRole('tab', { name: '依赖' }).click();
    await page.getByText('工具', { exact: true }).waitFor();
    await screenshot(page, 'skills-editor-zh-360');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.goto(`${serve.url}/skills`);
    await page.getByRole('heading', { name: '我的技能' }).waitFor();
    await screenshot(page, 'skills-zh-360');
    expect(watch.problems).toEqual([]);
  });
});
