/**
 * An answer's Markdown as safe HTML (SPEC W4): markdown-it with raw HTML off (a `<script>` in the
 * text is shown as text), fenced code highlighted, links only to http(s), mailto and in-page
 * anchors, opening in a new tab without an opener or referrer; the result passes DOMPurify too,
 * so a bug in any of these cannot put markup the model wrote into the page.
 */
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import MarkdownIt from 'markdown-it';
import { highlightCode } from './highlight';
import { safeHttpsUrl } from './widgets/safe-url';

const SAFE_LINK = /^(?:https?:|mailto:|#)/i;

const markdown = new MarkdownIt({
  html: false,
  linkify: true,
  breaks: false,
  highlight: (code, language) => {
    const highlighted = highlightCode(code, language);
    return highlighted === undefined ? '' : `<pre class="hljs"><code>${highlighted}</code></pre>`;
  },
});
// Only links a person can follow safely; anything else renders as its text.
markdown.validateLink = (url) => SAFE_LINK.test(url.trim());

const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index]!;
  if (!String(token.attrGet('href') ?? '').startsWith('#')) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
  }
  return defaultLinkOpen(tokens, index, options, env, self);
};

// A Markdown image becomes a link to the picture (its alt text, the site named beside it): the
// address comes from the model, which a hostile page or file can tell to put what it knows into
// it, and an image would send that to another site as the page opens. Only https is linked; any
// other image is its alt text alone.
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  const token = tokens[index]!;
  const alt = markdown.utils.escapeHtml(self.renderInlineAsText(token.children ?? [], options, env));
  const src = safeHttpsUrl(String(token.attrGet('src') ?? ''));
  if (src === undefined) return alt;
  const host = new URL(src).host;
  const href = markdown.utils.escapeHtml(src);
  return `<a href="${href}" target="_blank" rel="noopener noreferrer" class="sd-image-link">${alt === '' ? markdown.utils.escapeHtml(host) : alt}</a> <span class="sd-image-host">(${markdown.utils.escapeHtml(host)})</span>`;
};

let purifier: Purifier | undefined;
/**
 * The chat's own DOMPurify (its hook touches no other user of the library), with the last word on
 * links whatever markdown-it produced; no image element ever passes (see the image rule above).
 */
function chatPurifier(): Purifier {
  if (purifier !== undefined) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (!SAFE_LINK.test(href)) node.removeAttribute('href');
      if (!href.startsWith('#')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    }
  });
  return purifier;
}

/** Markdown → sanitised HTML for one Markdown segment of a message. */
export function renderMarkdown(text: string): string {
  // The leading line break changes nothing in a browser; happy-dom (the component tests) drops the
  // tag of an element that starts DOMPurify's input.
  return chatPurifier().sanitize(`\n${markdown.render(text)}`, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'img', 'picture', 'source'],
  });
}
