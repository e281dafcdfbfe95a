import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SkilldockError } from '@skilldock/core/errors';
import { wellKnownIndexV2Schema } from '@skilldock/core/install';
import { computeDirectoryRevision, extractArchive } from '@skilldock/core/package';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildAgentSkillsIndex,
  buildSkillsIndex,
  type ContentLayout,
  type DiscoverableSkill,
  packageDirectory,
  prepareRemoteDraft,
  readAgentSkillsArchive,
  readSkillsIndexFile,
} from '../../src/content/index.js';
import {
  publishFirst,
  ReferenceTable,
  useDataFolders,
  useTempFolders,
  writeSkillFolder,
} from './content-fixtures.js';

const newData = useDataFolders();
const newTemp = useTempFolders();
const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Two readable shared skills, published as packages. */
async function readableSkills(layout: ContentLayout): Promise<DiscoverableSkill[]> {
  const table = new ReferenceTable();
  const temp = await newTemp();
  const skills: DiscoverableSkill[] = [];
  for (const [id, files] of [
    ['pdf', { 'scripts/extract.py': 'print(1)\n', 'docs/a b.md': 'spaced\n' }],
    ['ocr', { 'references/guide.md': 'Guide\n' }],
  ] as const) {
    const revision = await publishFirst(layout, table, id, writeSkillFolder(path.join(temp, id), id, files));
    skills.push({
      id,
      description: `The ${id} skill. Use it for ${id} work.`,
      directory: await packageDirectory(layout, revision),
      revision,
    });
  }
  return skills;
}

/** A loopback server answering the two discovery endpoints the way a route would. */
async function serve(
  layout: ContentLayout,
  skills: readonly DiscoverableSkill[],
  versions: readonly (1 | 2)[],
) {
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const segments = url.pathname.split('/').slice(1).map(decodeURIComponent);
    try {
      if (versions.includes(2) && segments[0] === '.well-known' && segments[1] === 'agent-skills') {
        if (segments[2] === 'index.json' && segments.length === 3) {
          const { index } = await buildAgentSkillsIndex(layout, skills);
          return void response
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify(index));
        }
        const { bytes } = await readAgentSkillsArchive(layout, skills, segments.slice(2).join('/'));
        return void response.writeHead(200, { 'content-type': 'application/zip' }).end(bytes);
      }
      if (versions.includes(1) && segments[0] === '.well-known' && segments[1] === 'skills') {
        if (segments[2] === 'index.json' && segments.length === 3) {
          const { index } = await buildSkillsIndex(skills);
          return void response
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify(index));
        }
        const file = await readSkillsIndexFile(skills, segments[2] ?? '', segments.slice(3).join('/'));
        return void response.writeHead(200).end(file.bytes);
      }
      response.writeHead(404).end('not found');
    } catch (error) {
      response.writeHead(SkilldockError.isInstance(error) ? 404 : 500).end(String(error));
    }
  };
  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const closer = {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(closer);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('discovery endpoints (Y13)', () => {
  it('Y13 builds a v0.2 index whose archive digests match the bytes served for them', async () => {
    const layout = await newData();
    const skills = await readableSkills(layout);
    const { index, skipped } = await buildAgentSkillsIndex(layout, skills);
    expect(skipped).toEqual([]);
    expect(wellKnownIndexV2Schema.safeParse(index).success).toBe(true);
    expect(index.skills.map((entry) => [entry.name, entry.type, entry.url])).toEqual([
      ['ocr', 'archive', 'ocr.zip'],
      ['pdf', 'archive', 'pdf.zip'],
    ]);
    for (const entry of index.skills) {
      const { bytes } = await readAgentSkillsArchive(layout, skills, entry.url);
      expect(entry.digest).toBe(`sha256:${createHash('sha256').update(bytes).digest('hex')}`);
    }
    // Deterministic: building again gives the same digests.
    expect((await buildAgentSkillsIndex(layout, skills)).index).toEqual(index);
  });

  it("Y13 core's own well-known install source installs what the v0.2 endpoint serves, content intact", async () => {
    const layout = await newData();
    const skills = await readableSkills(layout);
    const origin = await serve(layout, skills, [2]);
    const client = await newData();
    const draft = await prepareRemoteDraft(client, {
      source: origin,
      allowedHosts: [],
      allowInsecureLocalhost: true,
    });
    expect(draft.source.type).toBe('well-known');
    expect(draft.failed).toEqual([]);
    expect(draft.skills.map((skill) => [skill.id, skill.revision])).toEqual(
      [...skills].sort((a, b) => a.id.localeCompare(b.id)).map((skill) => [skill.id, skill.revision]),
    );
  });

  it("Y13 core's own well-known install source installs what the v0.1 endpoint serves, file by file", async () => {
    const layout = await newData();
    const skills = await readableSkills(layout);
    const { index } = await buildSkillsIndex(skills);
    expect(index.skills.find((entry) => entry.name === 'pdf')?.files).toEqual([
      'SKILL.md',
      'docs/a b.md',
      'scripts/extract.py',
    ]);
    const origin = await serve(layout, skills, [1]);
    const draft = await prepareRemoteDraft(await newData(), {
      source: origin,
      allowedHosts: [],
      allowInsecureLocalhost: true,
    });
    expect(draft.failed).toEqual([]);
    expect(Object.fromEntries(draft.skills.map((skill) => [skill.id, skill.revision]))).toEqual(
      Object.fromEntries(skills.map((skill) => [skill.id, skill.revision])),
    );
  });

  it('Y13 lists only the skills it is given, and leaves out ids the v0.2 schema refuses', async () => {
    const layout = await newData();
    const [pdf, ocr] = await readableSkills(layout);
    const { index, skipped } = await buildAgentSkillsIndex(layout, [pdf!, { ...ocr!, id: 'rust:ocr' }]);
    expect(index.skills.map((entry) => entry.name)).toEqual(['pdf']);
    expect(skipped.map((entry) => entry.id)).toEqual(['rust:ocr']);
    const error = await readAgentSkillsArchive(layout, [pdf!], 'ocr.zip').catch((caught: unknown) => caught);
    expect((error as SkilldockError).code).toBe('path_not_found');
  });

  it.each([
    '../../packages',
    '/etc/passwd',
    'scripts/../../ocr/SKILL.md',
    'scripts%2F..%2F..%2Fx',
    'scripts\\extract.py',
    'SKILL.md\u0000.png',
    `${'a'.repeat(300)}.md`,
  ])('Y15 SEC1 serving a v0.1 file refuses the path %j', async (filePath) => {
    const layout = await newData();
    const skills = await readableSkills(layout);
    const error = await readSkillsIndexFile(skills, 'pdf', filePath).catch((caught: unknown) => caught);
    expect((error as SkilldockError).code).toBe('unsafe_file_path');
  });

  it('Y15 serving refuses archive names that are paths, and skill ids not given', async () => {
    const layout = await newData();
    const skills = await readableSkills(layout);
    for (const name of ['../pdf.zip', 'pdf.zip/..', 'PDF.zip', 'pdf', '%2e%2e/pdf.zip'])
      expect(
        ((await readAgentSkillsArchive(layout, skills, name).catch((e: unknown) => e)) as SkilldockError)
          .code,
      ).toBe('path_not_found');
    expect(
      ((await readSkillsIndexFile(skills, '..', 'SKILL.md').catch((e: unknown) => e)) as SkilldockError).code,
    ).toBe('path_not_found');
  });

  it('Y15 a builtin folder with a planted link is refused while indexing, and its target never served', async () => {
    const layout = await newData();
    const temp = await newTemp();
    const builtin = writeSkillFolder(path.join(temp, 'builtin', 'helper'), 'helper');
    writeFileSync(path.join(temp, 'secret.txt'), 'top secret');
    symlinkSync(path.join(temp, 'secret.txt'), path.join(builtin, 'notes.md'));
    mkdirSync(path.join(builtin, 'docs'));
    const skill = { id: 'helper', description: 'Helps.', directory: builtin };
    const listing = await buildSkillsIndex([skill]).catch((caught: unknown) => caught);
    expect((listing as SkilldockError).code).toBe('symlink_refused');
    const archive = await buildAgentSkillsIndex(layout, [skill]).catch((caught: unknown) => caught);
    expect((archive as SkilldockError).code).toBe('symlink_refused');
    const read = await readSkillsIndexFile([skill], 'helper', 'notes.md').catch((caught: unknown) => caught);
    expect((read as SkilldockError).code).toBe('symlink_refused');
    // Nothing was cached for it either.
    expect(existsSync(layout.archivesDirectory) ? readdirSync(layout.archivesDirectory) : []).toEqual([]);
  });

  it('P2 a served archive unpacks under the import rules into the skill id folder', async () => {
    const layout = await newData();
    const skills = await readableSkills(layout);
    const { bytes } = await readAgentSkillsArchive(layout, skills, 'pdf.zip');
    const file = path.join(await newTemp(), 'pdf.zip');
    writeFileSync(file, bytes);
    const extracted = await extractArchive(file);
    try {
      expect(path.basename(extracted.skillDirectory)).toBe('pdf');
      expect(await computeDirectoryRevision(extracted.skillDirectory)).toBe(skills[0]!.revision);
    } finally {
      await extracted.dispose();
    }
  });
});
