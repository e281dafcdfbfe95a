import { htmlEscape } from './html-escape.js';

/** One skill in the reference's `<available_skills>` block. */
export interface SkillsRefPromptEntry {
  readonly name: string;
  readonly description: string;
  /** Absolute path of the skill file; written as is (the reference does not escape it). */
  readonly location: string;
}

/**
 * The reference's `to_prompt` text: every tag and value on its own line, name and description
 * HTML-escaped (`html.escape`, quotes included), no trailing newline.
 * @example renderSkillsRefPrompt([]) // '<available_skills>\n</available_skills>'
 */
export function renderSkillsRefPrompt(entries: readonly SkillsRefPromptEntry[]): string {
  const lines = ['<available_skills>'];
  for (const entry of entries) {
    lines.push('<skill>', '<name>', htmlEscape(entry.name), '</name>');
    lines.push('<description>', htmlEscape(entry.description), '</description>');
    lines.push('<location>', entry.location, '</location>', '</skill>');
  }
  lines.push('</available_skills>');
  return lines.join('\n');
}
