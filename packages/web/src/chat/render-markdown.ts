/**
 * An answer's Markdown as safe HTML (SPEC W4): markdown-it with raw HTML off (a `<script>` in the
 * text is shown as text), fenced code highlighted, links only to http(s), mailto and in-page
 * anchors, opening in a new tab without an opener or referrer; the result passes DOMPurify too,
 * so a bug in any of these cannot put markup the model wrote into the page.
 */
import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';
import { highlightCode } from './highlight';

const SAFE_LINK = /^(?:https?:|mailto:|#)/i;
const SAFE_IMAGE = /^https:/i;

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

let hooked = false;
/** DOMPurify's last word on links and images, whatever markdown-it produced. */
function hookSanitizer() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (!SAFE_LINK.test(href)) node.removeAttribute('href');
      if (!href.startsWith('#')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    }
    if (node.tagName === 'IMG') {
      const src = node.getAttribute('src') ?? '';
      if (!SAFE_IMAGE.test(src)) node.removeAttribute('src');
      node.setAttribute('loading', 'lazy');
      node.setAttribute('referrerpolicy', 'no-referrer');
    }
  });
}

/** Markdown → sanitised HTML for one Markdown segment of a message. */
export function renderMarkdown(text: string): string {
  hookSanitizer();
  // The leading line break changes nothing in a browser; happy-dom (the component tests) drops the
  // tag of an element that starts DOMPurify's input.
  return DOMPurify.sanitize(`\n${markdown.render(text)}`, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  });
}
