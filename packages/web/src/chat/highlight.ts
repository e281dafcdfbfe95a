/**
 * Code highlighting for chat answers: highlight.js's core with the languages a model writes most,
 * not the whole bundle (~1 MB). An unknown language is shown plain.
 */
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

const LANGUAGES = { bash, css, diff, javascript, json, markdown, python, sql, typescript, xml, yaml };
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);
hljs.registerAliases(['sh', 'shell', 'zsh'], { languageName: 'bash' });
hljs.registerAliases(['html', 'svg'], { languageName: 'xml' });

/**
 * A code block's text as highlighted HTML (highlight.js escapes the code), or undefined when the
 * language is not one of ours — the caller then escapes the text itself.
 */
export function highlightCode(code: string, language: string): string | undefined {
  const name = language.trim().toLowerCase();
  if (name === '' || hljs.getLanguage(name) === undefined) return undefined;
  try {
    return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
  } catch {
    return undefined;
  }
}
