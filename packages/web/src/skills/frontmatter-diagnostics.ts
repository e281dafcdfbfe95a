import { type Diagnostic, parseSkill } from '@skilldock/core/format/browser';
import type { SkillDependencies } from './skill-edit-state';

/** What the editor learns from a SKILL.md text: core's diagnostics (the CLI's) and its dependency lists. */
export interface SkillTextReading {
  /** False when the browser could not run the check (the server still checks on save). */
  readonly checked: boolean;
  readonly diagnostics: readonly Diagnostic[];
  readonly dependencies: SkillDependencies | null;
  /** The id the skill gets (its `slug`, else derived from its name: pinyin for Chinese), when it parses. */
  readonly id: string | null;
}

/**
 * Validates a SKILL.md text with core's parser, as `skilldock validate` does (never throws);
 * `folderName` checks the name/folder rule.
 */
export function readSkillText(text: string, folderName?: string): SkillTextReading {
  let result: ReturnType<typeof parseSkill>;
  try {
    result = parseSkill(text, { file: 'SKILL.md', ...(folderName === undefined ? {} : { folderName }) });
  } catch {
    // A Chinese name before pinyin has loaded (`useSkillTextReading` loads it); the server still checks on save.
    return { checked: false, diagnostics: [], dependencies: null, id: null };
  }
  if (!result.ok) return { checked: true, diagnostics: result.diagnostics, dependencies: null, id: null };
  const { fields } = result.skill;
  return {
    checked: true,
    diagnostics: result.diagnostics,
    id: result.skill.id,
    dependencies: {
      tools: fields.toolDependencies,
      mcpServers: fields.mcpDependencies,
      skills: fields.skillDependencies,
    },
  };
}
