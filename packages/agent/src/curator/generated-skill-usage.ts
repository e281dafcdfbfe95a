import path from 'node:path';
import type { Skill } from '@skilldock/core/format';
import type { UsageEvent } from '@skilldock/core/runtime';
import type { CuratorPaths } from './curator-paths.js';
import { recordGeneratedSkillUse } from './record-generated-skill-use.js';

/** What {@link createGeneratedSkillUsage} returns: the usage listener and a way to wait for it. */
export interface GeneratedSkillUsage {
  /** Pass to the skill session's `onUsage` (SPEC R10); never throws. */
  onUsage(event: UsageEvent): void;
  /** Resolves when every use noted so far is written (or failed and was reported). */
  flush(): Promise<void>;
}

/** Options of {@link createGeneratedSkillUsage}. */
export interface GeneratedSkillUsageOptions {
  readonly paths: CuratorPaths;
  /** The skill an activated id names now (the session's current catalog). */
  skillOf(id: string): Skill | undefined;
  /** A write that failed (a locked or corrupt state file): reported, never thrown into a tool call. */
  onError(error: unknown): void;
}

/**
 * Feeds the curator from the skill session's usage events (SPEC R10, L3): each successful
 * activation (`outcome: 'activated'`) of a generated skill — one whose folder is directly in the
 * generated-skills folder and whose SKILL.md says `source: learned` or `auto-skill` — updates its
 * last use and use count. Writes run one after another, off the tool call's path.
 * @example const usage = createGeneratedSkillUsage({ paths, skillOf, onError: console.error });
 */
export function createGeneratedSkillUsage({
  paths,
  skillOf,
  onError,
}: GeneratedSkillUsageOptions): GeneratedSkillUsage {
  let queue: Promise<void> = Promise.resolve();
  return {
    onUsage(event) {
      if (event.outcome !== 'activated') return;
      const skill = skillOf(event.skillId);
      if (skill?.fields.source === undefined || skill.directory === undefined) return;
      if (path.dirname(skill.directory) !== paths.skillsDirectory) return;
      const name = path.basename(skill.directory);
      const at = new Date(event.at);
      queue = queue.then(() => recordGeneratedSkillUse(paths, name, at).catch(onError));
    },
    flush: () => queue,
  };
}
