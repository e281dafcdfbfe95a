/**
 * `node scripts/check-docs-links.mjs [DIST]` (the last step of `npm run docs:build`): checks every
 * link of the built manual (default `docs/.vitepress/dist`) without the network. Each `href`/`src`
 * inside the site must name a file the build wrote (clean URLs: `/guide/cli` is `guide/cli.html`)
 * and, with a `#fragment`, an element with that id on the target page — which VitePress's own
 * dead-link check does not look at. External links (`https:`, `mailto:` …) are counted, not
 * fetched. Exits 1 listing each broken link with the page it is on.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Parser } from 'htmlparser2';

/** Attributes that point at another resource, by element. */
const LINK_ATTRIBUTES = { a: 'href', link: 'href', img: 'src', script: 'src', iframe: 'src', source: 'src' };

/** Largest page read (a built page is tens of KiB; anything this size is not one of ours). */
const MAX_PAGE_BYTES = 16 * 1024 * 1024;

/** Every `.html` file under `folder`, as paths relative to it with `/` separators, sorted. */
function htmlPages(folder) {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.html'))
    .map((name) => name.split(path.sep).join('/'))
    .sort();
}

/** The ids on a page and the links it holds (`rel="preload"`-style hints included). */
function readPage(file) {
  const size = statSync(file).size;
  if (size > MAX_PAGE_BYTES)
    throw new Error(`${file} is ${size} bytes, over the ${MAX_PAGE_BYTES}-byte limit`);
  const ids = new Set();
  const links = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (attributes.id !== undefined) ids.add(attributes.id);
        if (name === 'a' && attributes.name !== undefined) ids.add(attributes.name);
        const attribute = LINK_ATTRIBUTES[name];
        const value = attribute === undefined ? undefined : attributes[attribute];
        if (value !== undefined) links.push(value);
      },
    },
    { decodeEntities: true },
  );
  parser.write(readFileSync(file, 'utf8'));
  parser.end();
  return { ids, links };
}

/**
 * The file a site path names, or undefined when none does: `/a/b` → `a/b.html` or `a/b/index.html`
 * or the file `a/b` itself (an asset).
 */
function targetFile(sitePath, exists) {
  const relative = sitePath.replace(/^\/+/, '');
  const candidates =
    relative === '' || relative.endsWith('/')
      ? [`${relative}index.html`]
      : [relative, `${relative}.html`, `${relative}/index.html`];
  return candidates.find((candidate) => exists(candidate));
}

/**
 * Checks every link of the built site in `site`. Returns the pages, the number of internal and
 * external links, and every broken one as `{ page, href, reason }`.
 * @example const { broken } = checkDocsLinks('docs/.vitepress/dist');
 */
export function checkDocsLinks(site) {
  const root = path.resolve(site);
  const pages = htmlPages(root);
  const read = new Map(pages.map((page) => [page, readPage(path.join(root, page))]));
  const exists = (relative) => {
    const file = path.resolve(root, relative);
    // A link that climbs out of the site names nothing in it, whatever is there.
    if (file !== root && !file.startsWith(`${root}${path.sep}`)) return false;
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };
  const broken = [];
  let internal = 0;
  let external = 0;
  for (const [page, { links }] of read) {
    const base = new URL(`/${page}`, 'http://site.invalid');
    for (const href of links) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('http://site.invalid')) {
        external += 1;
        continue;
      }
      internal += 1;
      let url;
      let sitePath;
      let fragment;
      try {
        url = new URL(href, base);
        sitePath = decodeURIComponent(url.pathname);
        fragment = url.hash === '' ? undefined : decodeURIComponent(url.hash.slice(1));
      } catch {
        broken.push({ page, href, reason: 'not a valid URL' });
        continue;
      }
      if (url.host !== 'site.invalid') {
        external += 1;
        internal -= 1;
        continue;
      }
      const target = targetFile(sitePath, exists);
      if (target === undefined) {
        broken.push({ page, href, reason: 'no such page or file' });
        continue;
      }
      if (fragment !== undefined && fragment !== '' && target.endsWith('.html')) {
        const ids = read.get(target)?.ids;
        if (ids !== undefined && !ids.has(fragment)) {
          broken.push({ page, href, reason: `no element with id "${fragment}" on ${target}` });
        }
      }
    }
  }
  return { pages: pages.length, internal, external, broken };
}

function main(argv) {
  const site = argv[0] ?? fileURLToPath(new URL('../docs/.vitepress/dist/', import.meta.url));
  const { pages, internal, external, broken } = checkDocsLinks(site);
  for (const { page, href, reason } of broken) console.error(`${page}: broken link ${href} (${reason})`);
  console.log(
    `docs links: ${pages} pages, ${internal} internal links checked, ${external} external not fetched, ${broken.length} broken`,
  );
  return broken.length === 0 && pages > 0 ? 0 : 1;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
