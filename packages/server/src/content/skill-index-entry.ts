import { UserInputError } from '@skilldock/core/errors';
import { type Diagnostic, formatDiagnostic, hasErrors, loadSkill } from '@skilldock/core/format';
import { assertNoBoundSkillDependency } from './bound-skill-id.js';

/** What the database index holds about a skill's content (SPEC Y5: synced on every save). */
export interface SkillIndexEntry {
  /** The S4 id the content declares (`slug`, else a valid `name`, else derived). */
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly version: string;
  readonly dependencies: {
    readonly tools: readonly string[];
    readonly mcpServers: readonly string[];
    readonly skills: readonly string[];
  };
  /** Warnings from loading (a skill with errors is refused, never indexed). */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Reads the index entry of a skill folder with the platform's profile (`lenient`: host extensions
 * accepted). A SKILL.md with errors is a `UserInputError` `invalid_skill_document` whose details
 * carry every diagnostic, so a save or a confirm never indexes content the runtime cannot load.
 * Dependencies on an agent-bound skill are refused (`bound_skill_dependency`): no skill depends on one.
 * @example const { name, description, dependencies } = await readSkillIndexEntry(workFolder);
 */
export async function readSkillIndexEntry(directory: string): Promise<SkillIndexEntry> {
  const loaded = await loadSkill(directory, { profile: 'lenient', listFiles: false, allowedRoots: [] });
  if (!loaded.ok || hasErrors(loaded.diagnostics)) {
    const errors = loaded.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    throw new UserInputError(
      'invalid_skill_document',
      `SKILL.md is not valid: ${errors.map((diagnostic) => formatDiagnostic(diagnostic)).join('; ')}`,
      { details: { path: 'SKILL.md', diagnostics: loaded.diagnostics } },
    );
  }
  const { skill } = loaded;
  assertNoBoundSkillDependency(skill.fields.skillDependencies);
  return {
    id: skill.id,
    name: skill.name,
    description: skill.description,
    version: skill.fields.version,
    dependencies: {
      tools: skill.fields.toolDependencies,
      mcpServers: skill.fields.mcpDependencies,
      skills: skill.fields.skillDependencies,
    },
    // The folder a package lives in is named by its revision: a name/folder mismatch means nothing.
    diagnostics: skill.diagnostics.filter((diagnostic) => diagnostic.code !== 'name_folder_mismatch'),
  };
}
