/**
 * SPEC W6, issue 24 item 6: no page logs a console error or a failed request, in any role. A real
 * `skilldock serve` and Chromium visit every route of the web app signed out, as a user and as an
 * admin, waiting for each page to settle; the watch records console errors and warnings, uncaught
 * errors and every answer of status 400 or more. A page that asks for what its viewer may not have
 * (an admin list for a user, the session of nobody) is a bug even when it renders.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type PageWatch, pageWatch } from '../support/browser.js';
import { callApi, signIn, signInAdmin, signInChoosingPassword } from '../support/sign-in.js';
import { type RunningServe, startServe } from '../support/start-serve.js';

const ADMIN_PASSWORD = 'an-admin-password-w6';
const USER_PASSWORD = 'a-user-password-w6';
const ADMIN_SECTIONS = [
  'users',
  'departments',
  'tokens',
  'providers',
  'settings',
  'builtin',
  'runs',
  'audit',
];

/** Visits `route` and waits until the app has stopped fetching. */
async function visit(page: Page, url: string, route: string): Promise<void> {
  await page.goto(`${url}${route}`);
  await page.waitForLoadState('networkidle');
}

describe('web app: every page, every role, no console errors or failed requests', {
  timeout: 180_000,
}, () => {
  let serve: RunningServe;
  let browser: Browser;
  let agentId: string;
  let skillId: string;

  beforeAll(async () => {
    [serve, browser] = await Promise.all([startServe({ database: 'postgres' }), launchBrowser()]);
    const setup = await openPage(browser, pageWatch());
    const csrf = await signInAdmin(setup.context.request, serve, ADMIN_PASSWORD);
    await callApi(setup.context.request, serve.url, csrf, 'post', '/api/admin/users', {
      username: 'wen',
      password: 'a-password-set-by-the-admin',
    });
    const agents = (await callApi(setup.context.request, serve.url, csrf, 'get', '/api/agents')) as {
      agents: { id: string }[];
    };
    agentId = agents.agents[0]!.id;
    const skills = (await callApi(setup.context.request, serve.url, csrf, 'get', '/api/skills')) as {
      skills: { id: string }[];
    };
    skillId = skills.skills[0]!.id;
    await setup.context.close();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
  }, 60_000);

  const userRoutes = () => [
    '/skills',
    `/skills/${skillId}`,
    '/agents',
    `/agents/${agentId}`,
    `/agents/${agentId}/chat`,
    '/account/password',
    '/account/tokens',
    '/no-such-page',
  ];

  async function visitAll(page: Page, routes: readonly string[], watch: PageWatch) {
    const seen: Record<string, { problems: string[]; failed: string[] }> = {};
    for (const route of routes) {
      watch.problems.length = 0;
      watch.failedRequests.length = 0;
      await visit(page, serve.url, route);
      if (watch.problems.length > 0 || watch.failedRequests.length > 0)
        seen[route] = {
          problems: watch.problems.map((problem) => `${problem.kind}: ${problem.text}`),
          failed: [...watch.failedRequests],
        };
    }
    return seen;
  }

  it('W6 signed out: the sign-in page, and every page that sends a visitor there', async () => {
    const watch = pageWatch();
    const { page, context } = await openPage(browser, watch);
    try {
      expect(await visitAll(page, ['/sign-in', ...userRoutes(), '/admin/users', '/setup'], watch)).toEqual(
        {},
      );
      expect(new URL(page.url()).pathname).toBe('/sign-in');
    } finally {
      await context.close();
    }
  });

  it('W6 a user: every page a user can open, and the admin pages they are kept out of', async () => {
    const watch = pageWatch();
    const { page, context } = await openPage(browser, watch);
    try {
      await signInChoosingPassword(
        context.request,
        serve.url,
        'wen',
        'a-password-set-by-the-admin',
        USER_PASSWORD,
      );
      expect(await visitAll(page, [...userRoutes(), '/admin/users', '/setup'], watch)).toEqual({});
    } finally {
      await context.close();
    }
  });

  it('W6 an admin: every page, every admin section and the setup checklist', async () => {
    const watch = pageWatch();
    const { page, context } = await openPage(browser, watch);
    try {
      await signIn(context.request, serve.url, 'admin', ADMIN_PASSWORD);
      const routes = [...userRoutes(), ...ADMIN_SECTIONS.map((section) => `/admin/${section}`), '/setup'];
      expect(await visitAll(page, routes, watch)).toEqual({});
    } finally {
      await context.close();
    }
  });
});
