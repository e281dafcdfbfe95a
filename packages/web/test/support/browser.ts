/** One headless Chromium per test file (Debian's /usr/bin/chromium through playwright-core). */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Where the browser tests save a screenshot of every page they visit (gitignored). */
export const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

/** Starts the browser with the flags this project's machines need (no sandbox, GPU or background traffic). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** A console message or page error a test did not expect: the app must log none (SPEC W6). */
export interface ConsoleProblem {
  readonly kind: string;
  readonly text: string;
  readonly url: string;
}

/** What a page did wrong or was refused while a test drove it. */
export interface PageWatch {
  /** Console errors and warnings, uncaught errors: the app must produce none (SPEC W6). */
  readonly problems: ConsoleProblem[];
  /**
   * Every answer of status 400 or more, as `STATUS METHOD /path`. Chromium logs each one to the
   * console ("Failed to load resource"); a test lists the refusals it provoked instead, so an
   * unexpected one still fails it.
   */
  readonly failedRequests: string[];
}

const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of \d{3}/;

/**
 * A new page in its own context (cookies, storage) whose console problems and refused requests
 * are recorded in `watch`.
 */
export async function openPage(
  browser: Browser,
  watch: PageWatch,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // A refused request is recorded with its status below; the console line alone says less.
    if (message.type() === 'error' && FAILED_RESOURCE.test(message.text())) return;
    watch.problems.push({ kind: message.type(), text: message.text(), url: page.url() });
  });
  page.on('pageerror', (error) =>
    watch.problems.push({ kind: 'pageerror', text: String(error), url: page.url() }),
  );
  page.on('response', (response) => {
    if (response.status() < 400) return;
    const url = new URL(response.url());
    watch.failedRequests.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
  });
  return { context, page };
}

/** A fresh, empty {@link PageWatch}. */
export function pageWatch(): PageWatch {
  return { problems: [], failedRequests: [] };
}

/** Saves a full-page screenshot as `test-artifacts/<name>.png`. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
}

/**
 * The visible form controls and buttons on the page that have no accessible name (SPEC W6: a
 * label on every control), described by tag, type and id; an empty list when all are labelled.
 */
export function unlabelledControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'input:not([type="hidden"]), select, textarea, button, [role="switch"], [role="tab"], [role="combobox"]',
    );
    const named = (element: HTMLElement) => {
      const labelledBy = element.getAttribute('aria-labelledby');
      const byIds = labelledBy
        ?.split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
        .join('');
      const labels = 'labels' in element ? [...((element as HTMLInputElement).labels ?? [])] : [];
      return Boolean(
        element.getAttribute('aria-label')?.trim() ||
          byIds ||
          labels.some((label) => label.textContent?.trim()) ||
          (element.tagName === 'BUTTON' && element.textContent?.trim()) ||
          element.getAttribute('title')?.trim(),
      );
    };
    return [...controls]
      .filter((element) => element.getClientRects().length > 0 && !element.closest('[inert]'))
      .filter((element) => !named(element))
      .map((element) => `${element.tagName.toLowerCase()} ${element.outerHTML.slice(0, 160)}`);
  });
}
