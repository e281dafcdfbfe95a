import { compareText } from '../format/compare-text.js';
import type { Diagnostic } from '../format/diagnostic.js';
import type { Skill } from '../format/types.js';
import { freezeCatalogSnapshot } from './freeze-catalog-snapshot.js';
import { holdsSkillId } from './holds-skill-id.js';
import { patchCatalog } from './patch-catalog.js';
import { plainWinner } from './plain-winner.js';
import { sourceRank } from './source-precedence.js';
import { toSkillReference } from './to-skill-reference.js';
import type { CatalogSkill, CatalogSnapshot, ShadowedSkill } from './types.js';
import { walkSkillDependencies } from './walk-skill-dependencies.js';

/** Options of {@link buildCatalog}. */
export interface BuildCatalogOptions {
  /** Project root for path gates (SPEC D3). */
  readonly projectRoot?: string;
  /** Ids switched off (settings `skills.disabled`): left out of `skills`, listed in `disabled`. */
  readonly disabled?: readonly string[];
  /** Snapshot version; a refresh passes a higher one. Default 1. */
  readonly version?: number;
  /** Diagnostics found before (discovery), carried into the snapshot first. */
  readonly diagnostics?: readonly Diagnostic[];
  /**
   * The snapshot this build replaces (a refresh). When `skills` differs from what that snapshot was
   * built from only in a few skills that keep their id, source, file and dependencies and collide
   * with no other skill, those are swapped into a copy of it instead of resolving every skill again
   * (an edit among 10,000 skills costs what the edit costs). The result is the same either way.
   */
  readonly previous?: CatalogSnapshot;
}

/**
 * Resolves precedence (SPEC D1) into an immutable snapshot: per id, the skill from the highest
 * source wins (session → project → personal → extension → shared → builtin; within a source, the
 * earlier one in `skills`) — but a skill loaded under an illegal name (`PDF Tools`, id derived)
 * never takes the id from one that holds it (see `holdsSkillId`) — records what it `overrides`, and every loser is `shadowed` with
 * `shadowedBy`. Removing the winner and rebuilding brings back the one underneath. A project skill
 * with the id of a session skill is an error diagnostic (the session skill still wins). Dependency
 * cycles and missing dependencies among the winners are warnings (SPEC D6).
 * @example const catalog = buildCatalog(discovery.skills, { diagnostics: discovery.diagnostics });
 */
export function buildCatalog(skills: readonly Skill[], options: BuildCatalogOptions = {}): CatalogSnapshot {
  if (options.previous !== undefined) {
    const patched = patchCatalog(options.previous, skills, options);
    if (patched !== undefined) return patched;
  }
  const derivedDiagnostics: Diagnostic[] = [];
  // One pass, one map: most ids have a single skill, so losers get a map only when there are some.
  const firstById = new Map<string, Skill>();
  let losersById: Map<string, Skill[]> | undefined;
  for (const skill of orderByPrecedence(skills)) {
    const id = skill.id;
    if (!firstById.has(id)) {
      firstById.set(id, skill);
      continue;
    }
    losersById ??= new Map();
    const losers = losersById.get(id);
    if (losers === undefined) losersById.set(id, [skill]);
    else losers.push(skill);
  }
  // Only colliding ids pay for it: a skill that does not hold its id goes behind every one that does.
  for (const [id, losers] of losersById ?? []) {
    const contenders = [firstById.get(id)!, ...losers];
    if (contenders.every(holdsSkillId)) continue;
    const ranked = [
      ...contenders.filter(holdsSkillId),
      ...contenders.filter((skill) => !holdsSkillId(skill)),
    ];
    firstById.set(id, ranked[0]!);
    losersById!.set(id, ranked.slice(1));
  }

  const disabledIds = new Set(options.disabled ?? []);
  const winners: CatalogSkill[] = [];
  const shadowed: ShadowedSkill[] = [];
  const overriding = new Map<string, CatalogSkill>();
  const withDependencies: string[] = [];
  for (const [id, winner] of firstById) {
    const losers = losersById?.get(id);
    const catalogSkill = losers === undefined ? plainWinner(winner) : winnerWithOverrides(winner, losers);
    if (losers !== undefined) {
      overriding.set(id, catalogSkill);
      const winnerReference = toSkillReference(winner);
      for (const loser of losers) {
        shadowed.push(Object.freeze({ skill: loser, shadowedBy: winnerReference }));
        derivedDiagnostics.push(shadowDiagnostic(winner, loser));
      }
    }
    if (disabledIds.size > 0 && disabledIds.has(id)) continue;
    winners.push(catalogSkill);
    if (catalogSkill.fields.skillDependencies.length > 0) withDependencies.push(id);
  }
  winners.sort((left, right) => compareText(left.id, right.id));
  withDependencies.sort(compareText);
  // Looks a winner up without a second id map: plain winners come from the per-skill cache.
  const get = (id: string): CatalogSkill | undefined => {
    if (disabledIds.has(id)) return undefined;
    const first = firstById.get(id);
    if (first === undefined) return undefined;
    return overriding.get(id) ?? plainWinner(first);
  };

  const dependencies = walkSkillDependencies(withDependencies, {
    get,
    explainMissing: (id) => (disabledIds.has(id) ? 'is disabled' : 'is not available'),
    reportEachCycleOnce: true,
  });
  derivedDiagnostics.push(...dependencies.diagnostics);

  return freezeCatalogSnapshot({
    version: options.version ?? 1,
    ...(options.projectRoot === undefined ? {} : { projectRoot: options.projectRoot }),
    winners,
    shadowed,
    disabled: [...disabledIds].sort(compareText),
    diagnostics: [...(options.diagnostics ?? []), ...derivedDiagnostics],
    skills,
    firstById,
    overriding,
    derivedDiagnostics,
  });
}

/** Stable order by source rank; input already in precedence order (the usual case) is not re-sorted. */
function orderByPrecedence(skills: readonly Skill[]): readonly Skill[] {
  let previous = -1;
  let ordered = true;
  for (const skill of skills) {
    const rank = sourceRank(skill.origin.sourceType);
    if (rank < previous) {
      ordered = false;
      break;
    }
    previous = rank;
  }
  if (ordered) return skills;
  return skills
    .map((skill, index) => ({ skill, index, rank: sourceRank(skill.origin.sourceType) }))
    .sort((left, right) => left.rank - right.rank || left.index - right.index)
    .map((entry) => entry.skill);
}

function winnerWithOverrides(winner: Skill, losers: readonly Skill[]): CatalogSkill {
  return Object.freeze({ ...winner, overrides: Object.freeze(losers.map(toSkillReference)) });
}

function shadowDiagnostic(winner: Skill, loser: Skill): Diagnostic {
  const where = (skill: Skill) =>
    `${skill.origin.sourceType} skill${skill.directory ? ` at ${skill.directory}` : ''}`;
  const file = loser.skillFile === undefined ? {} : { file: loser.skillFile };
  if (
    winner.origin.sourceType === 'session' &&
    (loser.origin.sourceType === 'project' || loser.origin.sourceType === 'session')
  ) {
    return {
      code: 'skill_id_collision',
      severity: 'error',
      message: `${where(loser)} has the id '${loser.id}' of a skill declared in the session; rename one of them (the session skill is used)`,
      ...file,
    };
  }
  const why = holdsSkillId(loser)
    ? ''
    : ` (its name '${loser.name}' is not a valid name, so the id '${loser.id}' goes to a skill that has it as its own)`;
  return {
    code: 'skill_shadowed',
    severity: 'info',
    message: `${loser.origin.sourceType} skill '${loser.id}'${loser.directory ? ` at ${loser.directory}` : ''} is shadowed by the ${where(winner)}${why}`,
    ...file,
  };
}
