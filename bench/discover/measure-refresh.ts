import { readFile, writeFile } from 'node:fs/promises';
import { SkillWatcher } from '@skilldock/core';
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
}

/** The refresh timings and what was checked about them. */
export interface RefreshMeasurement {
  readonly measurement: Measurement;
  /** Time of the watcher's first (full) snapshot. */
  readonly startMilliseconds: number;
  /** Edits whose new description did not reach the snapshot, or whose version did not go up. */
  readonly problems: readonly string[];
}

/**
 * Starts a `SkillWatcher` (file watching off: refreshes are driven by hand, as the file watcher
 * would after its debounce), then, per round, rewrites one SKILL.md's description untimed and times
 * `watcher.refresh([thatFile])` — the incremental path a real edit takes (SPEC D7).
 */
export async function measureRefresh({
  projectRoot,
  homeDirectory,
  skills,
  edits,
}: MeasureRefreshInput): Promise<RefreshMeasurement> {
  const watcher = new SkillWatcher({ projectRoot, homeDirectory, trusted: true, watch: false });
  const problems: string[] = [];
  try {
    const started = performance.now();
    let snapshot = await watcher.start();
    const startMilliseconds = performance.now() - started;
    let edited: { skill: GeneratedSkill; description: string } | undefined;
    const warmupRounds = 2;
    const measurement = await measureRounds(
      async () => {
        const { skill, description } = edited!;
        const next = await watcher.refresh([skill.skillFile]);
        if (next.version !== snapshot.version + 1)
          problems.push(`version ${next.version} after ${snapshot.version}`);
        const reloaded = next.get(skill.id);
        if (reloaded?.description !== description)
          problems.push(`${skill.id}: edited description not in the snapshot`);
        snapshot = next;
      },
      {
        rounds: edits,
        warmupRounds,
        beforeRound: async (round) => {
          const skill = skills[(round + warmupRounds) % skills.length]!;
          const description = `Use when the benchmark edits a skill (refresh round ${round + warmupRounds}).`;
          const text = await readFile(skill.skillFile, 'utf8');
          await writeFile(skill.skillFile, text.replace(/^description: .*$/m, `description: ${description}`));
          edited = { skill, description };
        },
      },
    );
    return { measurement, startMilliseconds, problems };
  } finally {
    await watcher.close();
  }
}
