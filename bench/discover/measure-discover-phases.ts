import { buildCatalog } from '@skilldock/core/catalog';
import { discoverSkills, planDiscovery, walkSkillFolders } from '@skilldock/core/discover';
import { listSkillFiles, MAX_SKILL_FILE_BYTES, parseSkill, type Skill } from '@skilldock/core/format';
// Not public API: the stage profile times the safe read on its own, from the same build as the rest.
import { readRegularFile } from '../../packages/core/dist/format/read-regular-file.js';
import type { GeneratedSkillProject } from '../lib/generate-skill-project.js';
import { type Measurement, measureRounds } from '../lib/measure-rounds.js';

/** One stage of a cold discovery, timed on its own. */
export interface DiscoverPhase {
  readonly label: string;
  readonly measurement: Measurement;
}

/** Inputs of {@link measureDiscoverPhases}. */
export interface MeasureDiscoverPhasesInput {
  readonly project: GeneratedSkillProject;
  readonly homeDirectory: string;
  readonly rounds: number;
  /** `skills.maxFolders` as written to the project's settings. */
  readonly maxFolders: number;
}

/**
 * Times the stages of `discoverSkills` + `buildCatalog` one by one, each over all 10,000 skills and
 * each with the same concurrency discovery uses (everything at once), so the lead sees which stage
 * costs what: planning, the walk, the safe reads, parsing + validation alone (pure CPU over bytes
 * already in memory), listing supporting files, and the catalog build.
 */
export async function measureDiscoverPhases({
  project,
  homeDirectory,
  rounds,
  maxFolders,
}: MeasureDiscoverPhasesInput): Promise<DiscoverPhase[]> {
  const { projectRoot, skillsRoot, skills } = project;
  const options = { projectRoot, homeDirectory, trusted: true } as const;
  const texts = await Promise.all(
    skills.map(async (skill) => {
      const read = await readRegularFile(skill.skillFile, { maxBytes: MAX_SKILL_FILE_BYTES });
      if (!read.ok) throw new Error(`cannot read ${skill.skillFile}: ${read.code}: ${read.message}`);
      return { skill, bytes: read.bytes };
    }),
  );
  const discovery = await discoverSkills(options);
  const valid = discovery.skills.map((skill) => skill.directory!);
  let freshSkills: readonly Skill[] = discovery.skills;
  const phases: Array<[string, () => Promise<unknown> | unknown]> = [
    ['plan: settings + roots (planDiscovery)', () => planDiscovery(options)],
    ['walk: find skill folders (walkSkillFolders)', () => walkSkillFolders(skillsRoot, { maxFolders })],
    [
      'safe read of every SKILL.md (readRegularFile, all at once)',
      () =>
        Promise.all(
          skills.map((skill) =>
            readRegularFile(skill.skillFile, { maxBytes: MAX_SKILL_FILE_BYTES, allowedRoots: [skillsRoot] }),
          ),
        ),
    ],
    [
      'parse + validate from memory (parseSkill, lenient)',
      () => {
        for (const { skill, bytes } of texts)
          parseSkill(bytes, { file: skill.skillFile, folderName: skill.id });
      },
    ],
    [
      'list supporting files of valid skills (listSkillFiles)',
      () => Promise.all(valid.map((directory) => listSkillFiles(directory))),
    ],
    ['discoverSkills alone', () => discoverSkills(options)],
    [
      'buildCatalog alone (fresh skill objects each round)',
      () =>
        buildCatalog(freshSkills, {
          projectRoot,
          version: 1,
          diagnostics: discovery.diagnostics,
          ...(discovery.settings.skills?.disabled === undefined
            ? {}
            : { disabled: discovery.settings.skills.disabled }),
        }),
    ],
  ];
  const measured: DiscoverPhase[] = [];
  for (const [label, operation] of phases) {
    // buildCatalog caches per skill object; copies keep each round as cold as after a discovery.
    const beforeRound = () => {
      freshSkills = discovery.skills.map((skill) => Object.freeze({ ...skill }));
    };
    measured.push({ label, measurement: await measureRounds(operation, { rounds, beforeRound }) });
  }
  return measured;
}
