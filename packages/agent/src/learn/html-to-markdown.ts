import { loadOnce } from '../load-once.js';

/** A web page reduced to its article, as Markdown. */
export interface PageArticle {
  /** The article's title, or the page's; empty when it has none. */
  readonly title: string;
  readonly markdown: string;
}

// Loaded when a page is first learned from, never when @skilldock/agent is imported.
const loadConverters = loadOnce(async () => {
  const [{ Readability }, { parseHTML }, { default: TurndownService }] = await Promise.all([
    import('@mozilla/readability'),
    import('linkedom'),
    import('turndown'),
  ]);
  return { Readability, parseHTML, TurndownService };
});

/** Most elements Readability scores; a bigger page is converted whole. */
const MAX_ELEMENTS = 50_000;

/** Elements whose text is never part of an article, dropped before conversion. */
const NON_CONTENT = ['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'form'];

/**
 * Reduces an HTML page to its article with `@mozilla/readability` on a `linkedom` document and
 * turns it into Markdown with `turndown` (SPEC L1). Scripts never run: linkedom only parses. A
 * page Readability finds no article in is converted whole, without its scripts and styles.
 * @example const { title, markdown } = await htmlToMarkdown('<html>…</html>', 'https://docs.example.com/api');
 */
export async function htmlToMarkdown(html: string, url: string): Promise<PageArticle> {
  const { Readability, parseHTML, TurndownService } = await loadConverters();
  // linkedom builds no root element for text before any tag ("hello <b>…" is fine, "hello" is
  // not) and its getters then throw: such a page is read as the body of one.
  const source = parseHTML(html).document.documentElement
    ? html
    : `<!DOCTYPE html><html><body>${html}</body></html>`;
  const { document } = parseHTML(source);
  const pageTitle = document.title?.trim() ?? '';
  // Readability changes the document it reads; the fallback reads its own copy. Past
  // MAX_ELEMENTS it throws rather than spend seconds on a page: the page is converted whole then.
  let article: ReturnType<InstanceType<typeof Readability>['parse']> = null;
  try {
    article = new Readability(parseHTML(source).document as never, {
      charThreshold: 200,
      maxElemsToParse: MAX_ELEMENTS,
    }).parse();
  } catch {
    article = null;
  }
  const turndown = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
  });
  turndown.remove(NON_CONTENT as never);
  const content = article?.content ?? document.body?.innerHTML ?? '';
  const markdown = turndown
    .turndown(content)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { title: (article?.title ?? pageTitle).trim() || pageTitle || new URL(url).host, markdown };
}
