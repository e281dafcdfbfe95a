import { execFileSync } from 'node:child_process';
import { mkdir, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadSkill, parseSkill } from '@skilldock/core/format';
import { type Measurement, measureInterleaved } from '../lib/measure-rounds.js';

/** One hostile input and how long refusing it took. */
export interface HostileInputCase {
  readonly label: string;
  readonly measurement: Measurement;
}

/** What {@link measureHostileInput} measured. */
export interface HostileInputMeasurement {
  /** Baseline of the parse cases: `parseSkill` of an ordinary small SKILL.md. */
  readonly parseBaseline: Measurement;
  readonly parseCases: readonly HostileInputCase[];
  /** Baseline of the load cases: `loadSkill` of an ordinary skill folder. */
  readonly loadBaseline: Measurement;
  readonly loadCases: readonly HostileInputCase[];
  /** Inputs that were not refused with the expected diagnostic code. */
  readonly problems: readonly string[];
}

const ORDINARY = '---\nname: pdf\ndescription: Reads and fills PDF forms.\n---\nUse the scripts folder.\n';

/**
 * Times how fast hostile SKILL.md input is refused (SPEC S2): alias bombs, oversized and deeply
 * nested frontmatter, and — through `loadSkill` — a 100 MB sparse file and a FIFO, each against
 * the same call on ordinary input in the same run. (Moved here from the format tests, which keep
 * only what is refused and leave hangs to the test timeout.)
 */
export async function measureHostileInput(
  directory: string,
  rounds: number,
): Promise<HostileInputMeasurement> {
  const problems: string[] = [];
  const expectRefused = (label: string, code: string, diagnostics: readonly { code: string }[]) => {
    if (!diagnostics.some((diagnostic) => diagnostic.code === code)) problems.push(`${label}: no ${code}`);
  };
  const parseInputs: Array<[string, string, string]> = [
    ['alias bomb, nine levels of nine', aliasBomb(), 'yaml_alias_limit'],
    ['10 MB frontmatter', frontmatter([`notes: "${'x'.repeat(10 * 1024 * 1024)}"`]), 'file_too_large'],
    [
      '3 MB frontmatter (64 KiB limit)',
      frontmatter([`notes: "${'x'.repeat(3 * 1024 * 1024)}"`]),
      'frontmatter_too_large',
    ],
    [
      '10,000-deep flow nesting',
      frontmatter([`x: ${'['.repeat(10_000)}${']'.repeat(10_000)}`]),
      'yaml_too_deep',
    ],
    ['10,000-deep block sequence', `---\nx:\n${'- '.repeat(10_000)}leaf\n---\n`, 'yaml_too_deep'],
  ];
  const parse: Record<string, Measurement> = await measureInterleaved(
    {
      ordinary: () => parseSkill(ORDINARY, { folderName: 'pdf' }),
      ...Object.fromEntries(
        parseInputs.map(([label, text, code]) => [
          label,
          () => expectRefused(label, code, parseSkill(text, { file: 'SKILL.md' }).diagnostics),
        ]),
      ),
    },
    { rounds },
  );

  const ordinaryFolder = await skillFolder(directory, 'pdf');
  await writeFile(join(ordinaryFolder, 'SKILL.md'), ORDINARY);
  const sparseFolder = await skillFolder(directory, 'sparse');
  await writeFile(join(sparseFolder, 'SKILL.md'), ORDINARY);
  await truncate(join(sparseFolder, 'SKILL.md'), 100 * 1024 * 1024);
  const fifoFolder = await skillFolder(directory, 'fifo');
  execFileSync('mkfifo', [join(fifoFolder, 'SKILL.md')]);
  const loadInputs: Array<[string, string, string]> = [
    ['100 MB sparse SKILL.md (loadSkill)', sparseFolder, 'file_too_large'],
    ['FIFO named SKILL.md (loadSkill)', fifoFolder, 'skill_file_not_regular'],
  ];
  const load: Record<string, Measurement> = await measureInterleaved(
    {
      ordinary: () => loadSkill(ordinaryFolder),
      ...Object.fromEntries(
        loadInputs.map(([label, folder, code]) => [
          label,
          async () => expectRefused(label, code, (await loadSkill(folder)).diagnostics),
        ]),
      ),
    },
    { rounds },
  );
  return {
    parseBaseline: parse.ordinary!,
    parseCases: parseInputs.map(([label]) => ({ label, measurement: parse[label]! })),
    loadBaseline: load.ordinary!,
    loadCases: loadInputs.map(([label]) => ({ label, measurement: load[label]! })),
    problems: [...new Set(problems)],
  };
}

function frontmatter(lines: readonly string[]): string {
  return ['---', 'name: hostile', 'description: d', ...lines, '---', 'Body.', ''].join('\n');
}

/** The classic "billion laughs": nine levels, each referring nine times to the one before. */
function aliasBomb(): string {
  const lines = ['a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let level = 1; level <= 9; level++) {
    lines.push(
      `a${level}: &a${level} [${Array(9)
        .fill(`*a${level - 1}`)
        .join(', ')}]`,
    );
  }
  return frontmatter(lines);
}

async function skillFolder(root: string, name: string): Promise<string> {
  const folder = join(root, name);
  await mkdir(folder);
  return folder;
}
