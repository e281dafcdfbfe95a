import { HighlightStyle } from '@codemirror/language';
import { tags } from '@lezer/highlight';

/**
 * The editor's syntax colours on the dark theme: the same tags as CodeMirror's
 * `defaultHighlightStyle` (written for a white page, where its navy and maroon keys are unreadable
 * on Mantine's dark body), in lighter tones that keep a contrast of at least 4.5:1 on #242424.
 */
export const darkHighlightStyle = HighlightStyle.define([
  { tag: tags.meta, color: '#a7b0a7' },
  { tag: tags.link, textDecoration: 'underline' },
  { tag: tags.heading, textDecoration: 'underline', fontWeight: 'bold' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strong, fontWeight: 'bold' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: tags.keyword, color: '#d99cf0' },
  { tag: [tags.atom, tags.bool, tags.url, tags.contentSeparator, tags.labelName], color: '#9fb4ff' },
  { tag: [tags.literal, tags.inserted], color: '#7fd6a4' },
  { tag: [tags.string, tags.deleted], color: '#ff9d8f' },
  { tag: [tags.regexp, tags.escape, tags.special(tags.string)], color: '#ffb36b' },
  { tag: tags.definition(tags.variableName), color: '#8fb8ff' },
  { tag: tags.local(tags.variableName), color: '#b9a4ff' },
  { tag: [tags.typeName, tags.namespace], color: '#6fd6b0' },
  { tag: tags.className, color: '#7fcfd6' },
  { tag: [tags.special(tags.variableName), tags.macroName], color: '#8fc7d6' },
  { tag: tags.definition(tags.propertyName), color: '#8fb8ff' },
  { tag: tags.comment, color: '#d9a66b' },
  { tag: tags.invalid, color: '#ff8080' },
]);
