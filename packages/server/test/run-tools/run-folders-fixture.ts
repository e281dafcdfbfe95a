/** A data folder with two users' projections, a workspace, a data-folder secret and a run's work folder. */
import { mkdir, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ToolContext } from '@skilldock/agent/tools';
import { createRunWorkFolder } from '../../src/run-tools/index.js';
import { temporaryFolder } from '../support/temporary-folder.js';

export interface RunFoldersFixture {
  readonly dataDir: string;
  /** Alice's projection (`<data>/projections/alice/skills`) holding the skill `pdf`. */
  readonly projection: string;
  /** Bob's projection file, which Alice's run must never reach. */
  readonly bobSecretFile: string;
  /** Alice's workspace with a personal skill `notes`. */
  readonly workspace: string;
  /** A file of the data folder itself (a database, say). */
  readonly dataSecretFile: string;
  readonly workFolder: string;
  /** A tool context whose folders are wrong on purpose: run tools must ignore them. */
  context(): ToolContext;
  remove(): Promise<void>;
}

export const BOB_SECRET = 'BOB-PROJECTION-SECRET-7f3a';
export const DATA_SECRET = 'DATA-FOLDER-SECRET-91c2';
export const PDF_SKILL = '---\nname: pdf\ndescription: Reads PDF files.\n---\nUse pdftotext.\n';

export async function runFoldersFixture(runId = 'run-1'): Promise<RunFoldersFixture> {
  const temporary = await temporaryFolder('run-tools');
  const dataDir = await realpath(temporary.path);
  const projection = path.join(dataDir, 'projections', 'alice', 'skills');
  const bobSkill = path.join(dataDir, 'projections', 'bob', 'skills', 'secret');
  const workspace = path.join(dataDir, 'workspaces', 'alice');
  await mkdir(path.join(projection, 'pdf'), { recursive: true });
  await mkdir(bobSkill, { recursive: true });
  await mkdir(path.join(workspace, 'agents', 'skills', 'notes'), { recursive: true });
  await writeFile(path.join(projection, 'pdf', 'SKILL.md'), PDF_SKILL);
  await writeFile(path.join(projection, 'pdf', 'guide.txt'), 'pdf guide\n');
  await writeFile(path.join(bobSkill, 'SKILL.md'), `---\nname: secret\ndescription: x\n---\n${BOB_SECRET}\n`);
  await writeFile(path.join(workspace, 'agents', 'skills', 'notes', 'SKILL.md'), 'notes skill\n');
  const dataSecretFile = path.join(dataDir, 'database.txt');
  await writeFile(dataSecretFile, DATA_SECRET);
  const workFolder = await createRunWorkFolder(dataDir, runId);
  return {
    dataDir,
    projection,
    bobSecretFile: path.join(bobSkill, 'SKILL.md'),
    workspace,
    dataSecretFile,
    workFolder,
    context: () => ({
      cwd: dataDir,
      readOnlyRoots: [path.join(dataDir, 'projections')],
      signal: new AbortController().signal,
      reportFiles: () => {},
    }),
    remove: temporary.remove,
  };
}
