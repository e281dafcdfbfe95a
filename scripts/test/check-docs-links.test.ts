import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDocsLinks } from '../check-docs-links.mjs';

/** A small built site: pages, an asset, and links good and bad. */
async function writeSite(root: string, pages: Record<string, string>): Promise<void> {
  for (const [name, html] of Object.entries(pages)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), html);
  }
}

describe('checkDocsLinks over the built manual', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'skilldock-docs-links-'));
    await writeSite(root, {
      'index.html': `<html><body>
        <a href="/guide/cli">ok clean URL</a>
        <a href="/guide/cli#exit-codes">ok anchor</a>
        <a href="./guide/cli.html#missing-anchor">bad anchor</a>
        <a href="/guide/nowhere">bad page</a>
        <a href="https://example.com/far">external</a>
        <a href="mailto:someone@example.com">external</a>
        <img src="/assets/logo.svg">
        <a href="#top">ok same page</a><h1 id="top">Top</h1>
      </body></html>`,
      'guide/cli.html': `<h2 id="exit-codes">Exit codes</h2>
        <a href="../reference/">ok folder index</a>
        <a href="../../../../../etc/passwd">climbs out of the site</a>
        <a href="/%E0%A4%A">malformed escape</a>
        <a href="/guide/cli#exit%2Dcodes">ok encoded anchor</a>`,
      'reference/index.html': '<p>Reference</p>',
      'assets/logo.svg': '<svg/>',
    });
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('reports each broken link with the page it is on and why', () => {
    const result = checkDocsLinks(root);
    expect(result.pages).toBe(3);
    expect(result.external).toBe(2);
    expect(result.broken).toEqual([
      { page: 'guide/cli.html', href: '../../../../../etc/passwd', reason: 'no such page or file' },
      { page: 'guide/cli.html', href: '/%E0%A4%A', reason: 'not a valid URL' },
      {
        page: 'index.html',
        href: './guide/cli.html#missing-anchor',
        reason: 'no element with id "missing-anchor" on guide/cli.html',
      },
      { page: 'index.html', href: '/guide/nowhere', reason: 'no such page or file' },
    ]);
  });

  it('a site whose links all resolve has nothing broken', async () => {
    const clean = await mkdtemp(path.join(tmpdir(), 'skilldock-docs-links-clean-'));
    try {
      await writeSite(clean, {
        'index.html': '<a href="/a">a</a><a href="/a#x">x</a>',
        'a.html': '<p id="x">x</p><a href="/">home</a>',
      });
      expect(checkDocsLinks(clean)).toEqual({ pages: 2, internal: 3, external: 0, broken: [] });
    } finally {
      await rm(clean, { recursive: true, force: true });
    }
  });
});
