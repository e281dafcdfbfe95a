import path from 'node:path';
import type { Settings } from '@skilldock/core/discover';
import type { Skill } from '@skilldock/core/format';
import type { UsageEvent } from '@skilldock/core/runtime';
import { type CuratorPaths, curatorPaths } from './curator-paths.js';
import { createGeneratedSkillUsage } from './generated-skill-usage.js';
import { runAutomaticCuration } from './run-curator.js';

/** What a session gets from the curator: its start-of-session maintenance and the use listener. */
export interface SessionCuration {
  /** What the user should know: skills archived at the start, a maintenance or record failure. */
  readonly notices: readonly { readonly code: string; readonly message: string }[];
  /** True when the start-of-session maintenance moved folders (the catalog should be re-read). */
  readonly moved: boolean;
  /** For the skill session's `onUsage` (SPEC R10). */
  onUsage(event: UsageEvent): void;
  /** Waits for the uses noted so far to be written. */
  flush(): Promise<void>;
}

/** Options of {@link openSessionCuration}. */
export interface OpenSessionCurationOptions {
  readonly projectRoot: string;
  readonly settings: Settings;
  /** A trusted workspace outside safe mode: only then does a session write curator state. */
  readonly writable: boolean;
  skillOf(id: string): Skill | undefined;
  /** A use that could not be recorded, after the session started. */
  onError(error: unknown): void;
  readonly now?: () => Date;
}

/**
 * The curator's part of opening a session (SPEC L3, R10): automatic maintenance when auto skill is
 * on and 7 days have passed, then a listener that records each successful activation of a
 * generated skill. In an untrusted workspace, in safe mode or with an unusable `learn.directory`
 * it does nothing. A failure never stops the session: it becomes a notice.
 */
export async function openSessionCuration(options: OpenSessionCurationOptions): Promise<SessionCuration> {
  const idle: SessionCuration = { notices: [], moved: false, onUsage: () => {}, flush: async () => {} };
  if (!options.writable) return idle;
  let paths: CuratorPaths;
  try {
    paths = curatorPaths(options.projectRoot, options.settings);
  } catch (error) {
    return { ...idle, notices: [curatorNotice(error)] };
  }
  const notices: { code: string; message: string }[] = [];
  let moved = false;
  try {
    const maintenance = await runAutomaticCuration({
      paths,
      settings: options.settings,
      ...(options.now === undefined ? {} : { now: options.now }),
    });
    if (maintenance.ran && maintenance.report.moves.length > 0) {
      moved = true;
      notices.push({
        code: 'curator_archived',
        message: `The curator archived ${maintenance.report.moves.join(', ')} (unused for 90 days) to ${path.relative(paths.projectRoot, paths.archiveDirectory)}/; \`skilldock curator restore NAME\` brings one back.`,
      });
    }
  } catch (error) {
    notices.push(curatorNotice(error));
  }
  const usage = createGeneratedSkillUsage({ paths, skillOf: options.skillOf, onError: options.onError });
  return { notices, moved, onUsage: usage.onUsage, flush: usage.flush };
}

function curatorNotice(error: unknown): { code: string; message: string } {
  const code = (error as { code?: unknown }).code;
  return {
    code: typeof code === 'string' && /^[a-z][a-z0-9_]*$/.test(code) ? code : 'curator_failed',
    message: `Curator: ${(error as Error).message}`,
  };
}
