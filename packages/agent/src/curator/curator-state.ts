import { isSafeSkillId } from '@skilldock/core/fs';
import { z } from 'zod';

/** The state file's format version; a file of another version is refused, never rewritten. */
export const CURATOR_STATE_VERSION = 1;

/** Largest state file read (1 MiB: tens of thousands of skills); a larger one is refused. */
export const MAX_CURATOR_STATE_BYTES = 1024 * 1024;

/** Where a generated skill stands (SPEC L3). */
export type CuratedSkillState = 'active' | 'stale' | 'archived';

/** What the curator remembers of one generated skill, keyed by its folder name. */
export interface CuratedSkillRecord {
  /** ISO time the curator first saw the folder (the start of its grace period). */
  readonly firstSeen: string;
  /** ISO time of the last thing done to it through Skilldock (pin, restore, accept). */
  readonly lastActivity?: string;
  /** ISO time of its last successful activation (SPEC R10). */
  readonly lastUsed?: string;
  readonly useCount: number;
  readonly state: CuratedSkillState;
  readonly pinned: boolean;
  /** ISO time its folder moved to the archive. */
  readonly archivedAt?: string;
}

/** The content of `.skilldock/skill-curator.json`. */
export interface CuratorState {
  readonly version: typeof CURATOR_STATE_VERSION;
  /** ISO time of the last maintenance run that applied its plan. */
  readonly lastRunAt?: string;
  readonly skills: Readonly<Record<string, CuratedSkillRecord>>;
}

const isoTime = z.iso.datetime({ offset: true });

const recordSchema = z.strictObject({
  firstSeen: isoTime,
  lastActivity: isoTime.optional(),
  lastUsed: isoTime.optional(),
  useCount: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  state: z.enum(['active', 'stale', 'archived']),
  pinned: z.boolean(),
  archivedAt: isoTime.optional(),
});

/** Folder names the curator may track: a skill id that is a safe path segment (SPEC SEC1). */
const skillName = z
  .string()
  .refine((name) => isSafeSkillId(name) && !name.startsWith('_'), 'not a skill folder name');

/** The zod schema of {@link CuratorState}, checked on every read. */
export const curatorStateSchema = z.strictObject({
  version: z.literal(CURATOR_STATE_VERSION),
  lastRunAt: isoTime.optional(),
  skills: z.record(skillName, recordSchema),
});

/** A state with nothing recorded yet (no file). */
export function emptyCuratorState(): CuratorState {
  return { version: CURATOR_STATE_VERSION, skills: {} };
}

/** The state with one record replaced (or added), as a new object. */
export function withSkillRecord(state: CuratorState, name: string, record: CuratedSkillRecord): CuratorState {
  return { ...state, skills: sortedRecords({ ...state.skills, [name]: record }) };
}

/** Records in name order, so the file diffs well and reads the same every time. */
export function sortedRecords(
  records: Readonly<Record<string, CuratedSkillRecord>>,
): Record<string, CuratedSkillRecord> {
  return Object.fromEntries(Object.entries(records).sort(([left], [right]) => (left < right ? -1 : 1)));
}
