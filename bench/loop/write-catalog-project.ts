import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createSeededRandom } from '../lib/seeded-random.js';

const VERBS = [
  'review',
  'draft',
  'migrate',
  'audit',
  'deploy',
  'summarise',
  'refactor',
  'triage',
  'document',
  'test',
];
const NOUNS = [
  'invoices',
  'database migrations',
  'release notes',
  'API endpoints',
  'customer refunds',
  'incident reports',
  'pull requests',
  'Terraform modules',
  'React components',
  'SQL queries',
  'onboarding guides',
  'security findings',
];
const FILLER = [
  'following the team conventions',
  'with the house style',
  'and check every edge case',
  'before anything is merged',
  'so reviewers can follow the reasoning',
  'including the usual checklist',
  'for the payments service',
  'when the user mentions it explicitly',
];

/**
 * Write `count` skills with typical descriptions (20–30 words: what the skill does and when to use
 * it) under `<root>/.agents/skills`. Seeded: the same bytes every run.
 */
export async function writeCatalogProject(root: string, count: number): Promise<void> {
  const random = createSeededRandom(20_260_601);
  for (let index = 0; index < count; index++) {
    const verb = random.pick(VERBS);
    const noun = random.pick(NOUNS);
    const id = `${verb}-${noun.toLowerCase().replaceAll(' ', '-')}-${index.toString().padStart(4, '0')}`;
    const words = [
      `${capitalise(verb)} ${noun} ${random.pick(FILLER)}.`,
      `Use when asked to ${verb} ${noun}`,
    ];
    while (words.join(' ').split(' ').length < random.integer(20, 30)) words.push(random.pick(FILLER));
    const description = `${words.join(' ')}.`;
    const folder = join(root, '.agents', 'skills', id);
    await mkdir(folder, { recursive: true });
    await writeFile(
      join(folder, 'SKILL.md'),
      `---\nname: ${id}\ndescription: ${description}\n---\n# ${id}\n\nSteps.\n`,
    );
  }
}

function capitalise(word: string): string {
  return `${word[0]!.toUpperCase()}${word.slice(1)}`;
}
