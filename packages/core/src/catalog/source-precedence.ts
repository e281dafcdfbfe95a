import type { SourceType } from '../format/types.js';

/** Source types, highest precedence first (SPEC D1). */
export const SOURCE_PRECEDENCE: readonly SourceType[] = [
  'session',
  'project',
  'personal',
  'extension',
  'shared',
  'builtin',
];

const RANKS: ReadonlyMap<SourceType, number> = new Map(SOURCE_PRECEDENCE.map((type, index) => [type, index]));

/** 0 for `session` up to 5 for `builtin`: lower wins. */
export function sourceRank(sourceType: SourceType): number {
  return RANKS.get(sourceType) ?? SOURCE_PRECEDENCE.length;
}
