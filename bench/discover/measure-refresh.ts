import { readFile, writeFile } from 'node:fs/promises';
import type { CatalogSnapshot } from '@skilldock/core/catalog';
import { SkillWatcher } from '@skilldock/core/discover';
import type { GeneratedSkill } from '../lib/generate-skill-project.js';
import { type Measurement, measureRounds } from '../lib/measure-rounds.js';

/** Inputs of {@link measureRefresh}. */
export interface MeasureRefreshInput {
  readonly projectRoot: string;
  readonly homeDirectory: string;
  /** Valid skills to edit, one per round, in turn. */
  readonly skills: readonly GeneratedSkill[];
  /** Measured edits. */
  readonly edits: number;
  /**
   * Refresh from the change journal (`trackChanges`, what the agent workspace uses) rather than
   * the stat-validated rescan of every skill.
   */
  readonly trackChanges?: boolean;
}

/** The refresh timings and what was checked about them. */
export interface RefreshMeasurement {
  /** `watcher.refresh([file])` after one edit: what the file watcher does after its debounce. */
  readonly measurement: Measurement;
  /** `watcher.refresh()` after one edit: what the agent loop does before a model request. */
  readonly fullAfterEdit: Measurement;
  /** `watcher.refresh()` with nothing changed: the agent loop's usual request. */
  readonly fullUnchanged: Measurement;
  /** Time of the watcher's first (full) snapshot. */
  readonly startMilliseconds: number;
  /** Edits whose new description did not reach the snapshot, or whose version did not go up. */
  readonly problems: readonly string[];
}

/**
 * Starts a `SkillWatcher` (chokidar off: refreshes are driven by hand; with `trackChanges` its
 * change journal records file events), then times three
 * refreshes: `refresh([thatFile])` after rewriting one SKILL.md's description untimed (the
 * incremental path a file event takes, SPEC D7); `refresh()` after such an edit and `refresh()`
 * with nothing changed (the stat-validated rescan the agent loop runs before every request, R7).
 */
export async function measureRefresh({
  projectRoot,
  homeDirectory,
  skills,
  edits,
  trackChanges = false,
}: MeasureRefreshInput): Promise<RefreshMeasurement> {
  const watcher = new SkillWatcher({ projectRoot, homeDirectory, trusted: true, watch: false, trackChanges });
  const problems: string[] = [];
  try {
    const started = performance.now();
    let snapshot = await watcher.start();
    const startMilliseconds = performance.now() - started;
    let edited: { skill: GeneratedSkill; description: string } | undefined;
    let editCount = 0;
    const warmupRounds = 2;
    const editOne = async () => {
      const skill = skills[editCount % skills.length]!;
      const description = `Use when the benchmark edits a skill (refresh edit ${editCount}).`;
      editCount++;
      const text = await readFile(skill.skillFile, 'utf8');
      await writeFile(skill.skillFile, text.replace(/^description: .*$/m, `description: ${description}`));
      edited = { skill, description };
    };
    const expectEdited = (next: CatalogSnapshot) => {
      const { skill, description } = edited!;
      if (next.version !== snapshot.version + 1)
        problems.push(`version ${next.version} after ${snapshot.version}`);
      if (next.get(skill.id)?.description !== description)
        problems.push(`${skill.id}: edited description not in the snapshot`);
      snapshot = next;
    };
    const measurement = await measureRounds(
      async () => expectEdited(await watcher.refresh([edited!.skill.skillFile])),
      { rounds: edits, warmupRounds, beforeRound: editOne },
    );
    const fullAfterEdit = await measureRounds(async () => expectEdited(await watcher.refresh()), {
      rounds: edits,
      warmupRounds,
      beforeRound: editOne,
    });
    const fullUnchanged = await measureRounds(
      async () => {
        const next = await watcher.refresh();
        if (next !== snapshot) problems.push(`a refresh with nothing changed built version ${next.version}`);
      },
      { rounds: edits, warmupRounds },
    );
    return { measurement, fullAfterEdit, fullUnchanged, startMilliseconds, problems };
  } finally {
    await watcher.close();
  }
}
