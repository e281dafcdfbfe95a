import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createSeededRandom, type SeededRandom } from './seeded-random.js';

/** The ways a generated skill is made invalid under the open specification. */
export type InvalidSkillKind = 'missing-description' | 'bad-yaml' | 'name-mismatch';

/** Options of {@link generateSkillProject}. */
export interface GenerateSkillProjectOptions {
  /** Skills to write. Default 10,000. */
  readonly count?: number;
  /** PRNG seed; the same seed writes the same bytes. Default 20_250_601. */
  readonly seed?: number;
  /** Share of skills with supporting files (references/, scripts/, assets/). Default 0.2. */
  readonly supportingShare?: number;
  /** Share of invalid skills, split evenly over the {@link InvalidSkillKind}s. Default 0.05. */
  readonly invalidShare?: number;
  /** Files written at once. Default 64. */
  readonly writeConcurrency?: number;
}

/** One generated skill folder. */
export interface GeneratedSkill {
  readonly id: string;
  readonly directory: string;
  readonly skillFile: string;
  readonly bytes: number;
  /** Supporting files, POSIX paths relative to the folder. */
  readonly supportingFiles: readonly string[];
  readonly invalid?: InvalidSkillKind;
}

/** What {@link generateSkillProject} wrote. */
export interface GeneratedSkillProject {
  readonly projectRoot: string;
  /** `<projectRoot>/.agents/skills`. */
  readonly skillsRoot: string;
  readonly skills: readonly GeneratedSkill[];
  /** Total bytes of every SKILL.md. */
  readonly skillFileBytes: number;
  readonly largestSkillFileBytes: number;
}

const WORDS = [
  'deploy',
  'invoice',
  'refund',
  'ledger',
  'schema',
  'migrate',
  'review',
  'release',
  'audit',
  'cache',
  'render',
  'report',
  'index',
  'search',
  'upload',
  'archive',
  'convert',
  'extract',
  'summarize',
  'triage',
  'budget',
  'forecast',
  'payroll',
  'contract',
  'incident',
  'postmortem',
  'changelog',
  'benchmark',
  'lint',
  'format',
  'translate',
  'pdf',
  'spreadsheet',
  'slides',
  'diagram',
  'queue',
  'webhook',
  'token',
  'session',
  'backup',
  'restore',
  'rotate',
  'secret',
  'policy',
  'compliance',
  'onboard',
  'ticket',
  'sprint',
  'roadmap',
] as const;

const PROSE = [
  'the',
  'skill',
  'reads',
  'files',
  'from',
  'the',
  'project',
  'and',
  'checks',
  'each',
  'entry',
  'before',
  'writing',
  'a',
  'short',
  'summary',
  'for',
  'the',
  'user',
  'when',
  'something',
  'fails',
  'it',
  'explains',
  'why',
  'and',
  'suggests',
  'a',
  'fix',
  'keep',
  'answers',
  'brief',
  'prefer',
  'tables',
  'over',
  'prose',
  'never',
  'delete',
  'data',
  'without',
  'asking',
  'first',
  'run',
  'the',
  'script',
  'with',
  'care',
] as const;

/**
 * Writes a deterministic project of `count` skills under `<projectRoot>/.agents/skills/<id>/SKILL.md`:
 * mostly small files, some long ones up to ~20 KB, a share with supporting files and a share of
 * invalid ones (missing description, bad YAML, name that does not match the folder).
 * @example
 * const project = await generateSkillProject(await temp.create('discover'), { count: 10_000 });
 */
export async function generateSkillProject(
  projectRoot: string,
  {
    count = 10_000,
    seed = 20_250_601,
    supportingShare = 0.2,
    invalidShare = 0.05,
    writeConcurrency = 64,
  }: GenerateSkillProjectOptions = {},
): Promise<GeneratedSkillProject> {
  const random = createSeededRandom(seed);
  const skillsRoot = join(projectRoot, '.agents', 'skills');
  // A shuffled order picks exact counts: the first slots are invalid, the next carry supporting files.
  const order = shuffledIndexes(count, random);
  const invalidCount = Math.round(count * invalidShare);
  const supportingCount = Math.round(count * supportingShare);
  const roles = new Map<number, 'invalid' | 'supporting'>();
  order.forEach((index, position) => {
    if (position < invalidCount) roles.set(index, 'invalid');
    else if (position < invalidCount + supportingCount) roles.set(index, 'supporting');
  });
  const invalidKinds: readonly InvalidSkillKind[] = ['missing-description', 'bad-yaml', 'name-mismatch'];
  let invalidSeen = 0;

  const skills: GeneratedSkill[] = [];
  const writes: Array<{ path: string; content: string }> = [];
  for (let index = 0; index < count; index++) {
    const id = `${random.pick(WORDS)}-${random.pick(WORDS)}-${index.toString().padStart(5, '0')}`;
    const directory = join(skillsRoot, id);
    const role = roles.get(index);
    const invalid = role === 'invalid' ? invalidKinds[invalidSeen++ % invalidKinds.length] : undefined;
    const supportingFiles = role === 'supporting' ? pickSupportingFiles(random) : [];
    const content = skillFileText(id, random, invalid, supportingFiles);
    const skillFile = join(directory, 'SKILL.md');
    writes.push({ path: skillFile, content });
    for (const file of supportingFiles)
      writes.push({ path: join(directory, file), content: supportingText(file, random) });
    skills.push({
      id,
      directory,
      skillFile,
      bytes: Buffer.byteLength(content),
      supportingFiles,
      ...(invalid === undefined ? {} : { invalid }),
    });
  }

  const folders = new Set(writes.map((write) => join(write.path, '..')));
  await runBatched([...folders], writeConcurrency, (folder) => mkdir(folder, { recursive: true }));
  await runBatched(writes, writeConcurrency, (write) => writeFile(write.path, write.content));
  const sizes = skills.map((skill) => skill.bytes);
  return {
    projectRoot,
    skillsRoot,
    skills,
    skillFileBytes: sizes.reduce((sum, size) => sum + size, 0),
    largestSkillFileBytes: Math.max(...sizes),
  };
}

function shuffledIndexes(count: number, random: SeededRandom): number[] {
  const indexes = Array.from({ length: count }, (_, index) => index);
  for (let position = count - 1; position > 0; position--) {
    const other = random.integer(0, position);
    [indexes[position], indexes[other]] = [indexes[other]!, indexes[position]!];
  }
  return indexes;
}

function pickSupportingFiles(random: SeededRandom): string[] {
  const files = ['references/guide.md'];
  if (random.next() < 0.6) files.push('scripts/run.sh');
  if (random.next() < 0.3) files.push('assets/template.json');
  if (random.next() < 0.2) files.push('references/api/endpoints.md');
  return files;
}

/** Body length in bytes: 80% small, 15% medium, 5% long (up to ~20 KB). */
function bodyLength(random: SeededRandom): number {
  const draw = random.next();
  if (draw < 0.8) return random.integer(200, 1_500);
  if (draw < 0.95) return random.integer(1_500, 8_000);
  return random.integer(8_000, 20_000);
}

function skillFileText(
  id: string,
  random: SeededRandom,
  invalid: InvalidSkillKind | undefined,
  supportingFiles: readonly string[],
): string {
  const description = `Use when you need to ${sentence(random, random.integer(6, 40))}`;
  const lines = ['---'];
  lines.push(`name: ${invalid === 'name-mismatch' ? `${id}-renamed` : id}`);
  if (invalid === 'bad-yaml') lines.push(`description: "${description}`, 'metadata: [unclosed');
  else if (invalid !== 'missing-description') lines.push(`description: ${description}`);
  if (random.next() < 0.1) lines.push('license: MIT');
  if (random.next() < 0.15)
    lines.push('metadata:', '  author: bench', `  version: "${random.integer(1, 9)}.0"`);
  if (random.next() < 0.05) lines.push('allowed-tools: Read Grep');
  lines.push('---', '', `# ${id}`, '');
  for (const file of supportingFiles) lines.push(`See [${file}](${file}).`);
  const target = bodyLength(random);
  let text = `${lines.join('\n')}\n`;
  let section = 1;
  while (text.length < target) {
    text += `\n## Step ${section++}\n\n${sentence(random, random.integer(20, 60))}\n\n- ${sentence(random, 8)}\n- ${sentence(random, 8)}\n`;
  }
  return text;
}

function supportingText(file: string, random: SeededRandom): string {
  if (file.endsWith('.sh')) return `#!/bin/sh\n# ${sentence(random, 8)}\necho "done"\n`;
  if (file.endsWith('.json')) return `${JSON.stringify({ title: sentence(random, 4) }, null, 2)}\n`;
  return `# Guide\n\n${sentence(random, random.integer(40, 400))}\n`;
}

function sentence(random: SeededRandom, words: number): string {
  const parts: string[] = [];
  for (let index = 0; index < words; index++) parts.push(random.pick(PROSE));
  return `${parts.join(' ')}.`;
}

async function runBatched<T>(
  items: readonly T[],
  size: number,
  job: (item: T) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    await Promise.all(items.slice(start, start + size).map(job));
  }
}
