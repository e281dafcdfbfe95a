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

/**
 * The first run in a real browser against a real `skilldock serve`: the one-time password, the
 * forced password change, the shell (navigation, theme, language, 360 px) and sign-out.
 */
describe('web app: first run and the shell', { timeout: 90_000 }, () => {
  let serve: RunningServe;
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;
  const newPassword = 'a-long-new-password-1';

  beforeAll(async () => {
    [serve, browser] = await Promise.all([startServe(), launchBrowser()]);
    watch = pageWatch();
    ({ page } = await openPage(browser, watch));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
  });

  it('Y1 an anonymous visit to /skills is sent to sign in, which names the first-run password', async () => {
    await page.goto(`${serve.url}/skills`);
    await page.getByRole('heading', { name: 'Sign in to Skilldock' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/skills');
    await expect(page.getByText('printed its one-time password in the terminal').count()).resolves.toBe(1);
    await screenshot(page, 'sign-in');
    expect(await unlabelledControls(page)).toEqual([]);
    // The session probe answers 200 for nobody (GET /api/auth/session): a sign-in page refuses nothing.
    expect(watch.failedRequests).toEqual([]);
  });

  it('W6 the sign-in form is keyboard reachable with a visible focus ring', async () => {
    await page.keyboard.press('Tab');
    const focused = async () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return {
          label: element.getAttribute('aria-label') ?? element.getAttribute('name') ?? element.textContent,
          outline: style.outlineStyle,
          width: style.outlineWidth,
        };
      });
    const seen: string[] = [];
    for (let step = 0; step < 4; step += 1) {
      const current = await focused();
      expect(current.outline, `focus ring on ${current.label}`).not.toBe('none');
      expect(current.width).not.toBe('0px');
      seen.push(String(current.label));
      await page.keyboard.press('Tab');
    }
    expect(seen).toEqual(['Language', 'Switch to the dark theme', 'username', 'password']);
  });

  it('Y1 a wrong password is refused with a clear message', async () => {
    await page.getByLabel('Username', { exact: true }).fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('Wrong username or password.').waitFor();
    expect(watch.failedRequests.at(-1)).toBe('401 POST /api/auth/login');
  });

  it('Y1 O4 signing in with the one-time password leads to choosing a new one, then to the first-run checklist', async () => {
    await page.getByLabel('Password', { exact: true }).fill(serve.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/password');
    // Nothing else opens before the password is the owner's own: any address leads back here.
    await page.goto(`${serve.url}/agents`);
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/password');
    await screenshot(page, 'first-run-password');
    expect(await unlabelledControls(page)).toEqual([]);

    await page.getByLabel('Current password').fill(serve.adminPassword);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('New password again').fill('short');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('At least 10 characters.').count()).resolves.toBeGreaterThan(0);

    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('New password again').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    // The app leaves the password page: the superadmin goes on to the first-run checklist.
    await page.getByRole('heading', { name: 'Set up Skilldock' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/setup');

    // The API agrees: the one-time password is gone, the new one works.
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).json());
    expect(me).toMatchObject({
      user: { username: 'admin', role: 'superadmin' },
      passwordChangeRequired: false,
    });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Skills' }).click();
    await page.getByRole('heading', { name: 'Skills', level: 1 }).waitFor();
    const cards = page.getByTestId('skill-card');
    await cards.first().waitFor();
    const names = await cards.allTextContents();
    expect(names.join('\n')).toContain('chat-widgets');
    expect(names.join('\n')).toContain('Builtin');
    await page.getByLabel('Search skills').fill('zzz-no-such-skill');
    await page.getByText('No skill matches').waitFor();
    await page.getByLabel('Search skills').fill('');
    await screenshot(page, 'skills');
    expect(await unlabelledControls(page)).toEqual([]);
    expect(watch.failedRequests).toEqual(['401 POST /api/auth/login']);
  });

  it('W6 a reload of a client route is served the app, still signed in; the API keeps its own 404', async () => {
    await page.goto(`${serve.url}/agents`);
    await page.getByRole('heading', { name: 'Agents', level: 1 }).waitFor();
    await page.getByRole('listitem').first().waitFor();
    await screenshot(page, 'agents');
    expect(await unlabelledControls(page)).toEqual([]);
    const api = await page.evaluate(async () => {
      const response = await fetch('/api/no-such-route');
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        body: await response.json(),
      };
    });
    expect(api).toMatchObject({
      status: 404,
      type: expect.stringContaining('json'),
      body: { error: { code: 'not_found' } },
    });
    watch.failedRequests.splice(watch.failedRequests.indexOf('404 GET /api/no-such-route'), 1);
    await page.goto(`${serve.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });

  it('W6 the dark theme applies and is kept across a reload', async () => {
    await page.goto(`${serve.url}/skills`);
    await page.getByTestId('skill-card').first().waitFor();
    await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
    await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe('dark');
    await page.reload();
    await page.getByTestId('skill-card').first().waitFor();
    await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
    await screenshot(page, 'skills-dark');
    await page.getByRole('button', { name: 'Switch to the light theme' }).click();
    await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe('light');
  });

  it('W6 Chinese: the whole shell switches, is kept across a reload, and switches back', async () => {
    await page.getByLabel('Language').selectOption('zh');
    await page.getByRole('heading', { name: '技能', level: 1 }).waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('zh-CN');
    await page.reload();
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '智能体' }).waitFor();
    await page.getByTestId('skill-card').first().waitFor();
    await screenshot(page, 'skills-zh');
    await page.getByLabel('语言').selectOption('en');
    await page.getByRole('heading', { name: 'Skills', level: 1 }).waitFor();
  });

  it('W6 at 360 px the navigation folds into a menu and nothing overflows sideways', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${serve.url}/skills`);
    await page.getByTestId('skill-card').first().waitFor();
    // Layout settles after the resize; a page that never fits 360 px fails here.
    await page.waitForFunction(() => document.documentElement.scrollWidth <= 360, undefined, {
      timeout: 5000,
    });
    // Folded away: off-screen and out of the tab order.
    const folded = () =>
      page.locator('#main-navigation').evaluate((element) => ({
        inert: (element as HTMLElement).inert,
        right: Math.round(element.getBoundingClientRect().right),
      }));
    await expect(folded()).resolves.toEqual({ inert: true, right: 0 });
    await screenshot(page, 'skills-360');
    expect(await unlabelledControls(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open or close the menu' }).click();
    await expect(folded()).resolves.toMatchObject({ inert: false });
    await screenshot(page, 'navigation-360');
    expect(await unlabelledControls(page)).toEqual([]);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click();
    await page.getByRole('heading', { name: 'Agents', level: 1 }).waitFor();
    await page.waitForFunction(() => (document.getElementById('main-navigation') as HTMLElement).inert);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('Y1 signing out ends the session; the new password signs in again', async () => {
    await page.getByRole('button', { name: /^Account of/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Skilldock' }).waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).status);
    expect(me).toBe(401);
    watch.failedRequests.splice(watch.failedRequests.lastIndexOf('401 GET /api/auth/me'), 1);
    await page.getByLabel('Username', { exact: true }).fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Skills', level: 1 }).waitFor();
    expect(watch.failedRequests).toEqual(['401 POST /api/auth/login']);
  });

  it('Y1 a session ended elsewhere sends the next page load to sign in, and back afterwards', async () => {
    const ended = await page.evaluate(async () => {
      const me = (await (await fetch('/api/auth/me')).json()) as { csrfToken: string };
      return (await fetch('/api/auth/logout', { method: 'POST', headers: { 'x-csrf-token': me.csrfToken } }))
        .status;
    });
    expect(ended).toBe(204);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click();
    await page.getByRole('heading', { name: 'Sign in to Skilldock' }).waitFor();
    expect(new URL(page.url()).searchParams.get('next')).toBe('/agents');
    expect(watch.failedRequests.pop()).toBe('401 GET /api/agents');
    await page.getByLabel('Username', { exact: true }).fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Agents', level: 1 }).waitFor();
    expect(watch.failedRequests).toEqual(['401 POST /api/auth/login']);
    expect(watch.problems).toEqual([]);
  });
});
