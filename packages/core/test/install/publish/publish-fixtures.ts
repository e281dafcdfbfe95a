import { randomUUID } from 'node:crypto';
import {
  cpSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { DraftSkill, InstallDraft } from '../../../src/install/install-draft.js';
import type { PublishFaults, PublishStep } from '../../../src/install/publish/publish-transaction.js';
import { computeDirectoryRevision } from '../../../src/package/compute-directory-revision.js';
import { computeSkillsLockHash } from '../../../src/package/compute-skills-lock-hash.js';

/** Every entry under the roots: kind, mode, bytes or link target — equal snapshots mean an identical state. */
export function snapshotTree(...roots: string[]): Record<string, string> {
  const result: Record<string, string> = {};
  const walk = (absolute: string, shown: string) => {
    let stats: ReturnType<typeof lstatSync>;
    try {
      stats = lstatSync(absolute);
    } catch {
      return;
    }
    const mode = (stats.mode & 0o777).toString(8);
    if (stats.isSymbolicLink()) result[shown] = `link -> ${readlinkSync(absolute)}`;
    else if (stats.isDirectory()) {
      result[shown] = `dir ${mode}`;
      for (const name of readdirSync(absolute).sort()) walk(path.join(absolute, name), `${shown}/${name}`);
    } else result[shown] = `file ${mode} ${readFileSync(absolute).toString('base64')}`;
  };
  for (const root of roots) walk(root, path.basename(root));
  return result;
}

/** Writes a skill folder `<root>/<id>` with a SKILL.md, a script and a reference. */
export function writeSourceSkill(root: string, id: string, body = 'Do the thing.'): string {
  const directory = path.join(root, id);
  mkdirSync(path.join(directory, 'scripts'), { recursive: true });
  mkdirSync(path.join(directory, 'references'), { recursive: true });
  writeFileSync(
    path.join(directory, 'SKILL.md'),
    `---\nname: ${id}\ndescription: The ${id} skill.\n---\n${body}\n`,
  );
  writeFileSync(path.join(directory, 'scripts', 'run.sh'), '#!/bin/sh\necho hi\n', { mode: 0o755 });
  writeFileSync(path.join(directory, 'references', 'notes.md'), `# ${id}\n`);
  return directory;
}

/** A draft built by hand from real folders, staged like prepareInstall stages them. */
export async function makeLocalDraft(
  sourceRoot: string,
  ids: readonly string[],
  stagingParent: string,
): Promise<InstallDraft> {
  const id = randomUUID();
  const stagingDirectory = path.join(stagingParent, id);
  const skills: DraftSkill[] = [];
  for (const id of ids) {
    const directory = path.join(stagingDirectory, 'skills', id);
    cpSync(path.join(sourceRoot, id), directory, { recursive: true });
    skills.push({
      id,
      name: id,
      description: `The ${id} skill.`,
      directory,
      sourcePath: id,
      files: [],
      totalBytes: 0,
      dependencies: [],
      diagnostics: [],
      warnings: [],
      secrets: [],
      revision: await computeDirectoryRevision(directory),
      computedHash: await computeSkillsLockHash(directory),
    });
  }
  const now = Date.now();
  return {
    id,
    source: {
      input: sourceRoot,
      type: 'local',
      path: sourceRoot,
      lockSource: sourceRoot,
      lockSourceType: 'local',
    },
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + 3_600_000).toISOString(),
    stagingDirectory,
    skills,
    failed: [],
  };
}

/** Faults that record every step and throw at the `failAt`-th one (0-based). */
export function failingFaults(failAt = -1): PublishFaults & { steps: PublishStep[] } {
  const steps: PublishStep[] = [];
  return {
    steps,
    before(step) {
      steps.push(step);
      if (steps.length - 1 === failAt) throw new Error(`injected failure at ${step}`);
    },
  };
}
