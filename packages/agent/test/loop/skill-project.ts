import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CatalogSnapshot } from '@skilldock/core/catalog';
import { catalogFromDiscovery, discoverSkills } from '@skilldock/core/discover';

/** Skills every skills-in-the-loop test starts with, as real folders under `.agents/skills`. */
export const BASE_SKILLS: Readonly<Record<string, string>> = {
  'release-notes':
    'name: release-notes\ndescription: Write release notes in the house format. Use when preparing a release.',
  'sql-style':
    'name: sql-style\ndescription: House style for SQL migrations. Use when writing a migration.\npaths:\n  - "db/**/*.sql"',
  charts: 'name: charts\ndescription: Draw bar and line charts as SVG.\ntool_dependencies:\n  - render_chart',
};

const BODIES: Readonly<Record<string, string>> = {
  'release-notes': 'Group changes under Added, Changed and Fixed.',
  'sql-style': 'Upper-case keywords; name every constraint.',
  charts: 'Label both axes and give units.',
};

/** Write a skill folder with its SKILL.md; returns the SKILL.md path. */
export async function writeSkill(
  root: string,
  id: string,
  frontmatter: string,
  body: string,
): Promise<string> {
  const folder = path.join(root, '.agents', 'skills', id);
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, 'SKILL.md');
  await writeFile(file, `---\n${frontmatter}\n---\n${body}\n`);
  return file;
}

/** Write {@link BASE_SKILLS} into the project. */
export async function writeBaseSkills(root: string): Promise<void> {
  for (const [id, frontmatter] of Object.entries(BASE_SKILLS))
    await writeSkill(root, id, frontmatter, BODIES[id] ?? '');
}

/** Discover the project's skills (trusted, no personal skills) and build the catalog. */
export async function discoverCatalog(root: string, version = 1): Promise<CatalogSnapshot> {
  const homeDirectory = path.join(root, '.home');
  await mkdir(homeDirectory, { recursive: true });
  const discovery = await discoverSkills({ projectRoot: root, homeDirectory, trusted: true });
  return catalogFromDiscovery(discovery, { projectRoot: root, version });
}
