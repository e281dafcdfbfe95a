import { chmod, readdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareInstall } from '../../src/install/prepare-install.js';
import {
  githubToLocal,
  makeBareRepository,
  removeTemporaryDirectories,
  temporaryDirectory,
  writeFiles,
  writeSkill,
} from './sources/install-fixtures.js';

let hostRoot: string;
let stagingParent: string;
let manyCommit: string;
let taggedCommit: string;

beforeAll(async () => {
  hostRoot = await temporaryDirectory('skilldock-git-host-');
  stagingParent = await temporaryDirectory('skilldock-staging-');
  manyCommit = await makeBareRepository(hostRoot, 'acme/many', async (tree) => {
    await writeSkill(path.join(tree, 'skills', 'pdf'), { files: { 'scripts/fill.py': 'print(1)\n' } });
    await writeSkill(path.join(tree, 'skills', 'docx'));
    await writeSkill(path.join(tree, '.claude', 'skills', 'review'));
    await writeSkill(path.join(tree, 'plugins', 'writing', 'tools', 'outline'));
    await writeFiles(tree, {
      '.claude-plugin/marketplace.json': JSON.stringify({
        plugins: [{ name: 'writing', source: './plugins/writing', skills: ['./tools/outline'] }],
      }),
      'README.md': '# Many skills\n',
    });
  });
  taggedCommit = await makeBareRepository(
    hostRoot,
    'acme/single',
    async (tree) => writeSkill(tree, { name: 'single-skill' }),
    { tags: ['v1.0.0'] },
  );
  await makeBareRepository(hostRoot, 'acme/empty', async (tree) =>
    writeFiles(tree, { 'README.md': '# none\n' }),
  );
  await makeBareRepository(hostRoot, 'acme/linked', async (tree) => {
    await writeSkill(path.join(tree, 'skills', 'clean'));
    await writeSkill(path.join(tree, 'skills', 'leaky'));
    await symlink('/etc/passwd', path.join(tree, 'skills', 'leaky', 'passwd'));
  });
});
afterAll(removeTemporaryDirectories);

const prepare = (source: string, options: Partial<Parameters<typeof prepareInstall>[1]> = {}) =>
  prepareInstall(source, { cwd: hostRoot, stagingParent, gitConfig: githubToLocal(hostRoot), ...options });

describe('prepareInstall from git sources', () => {
  it('P4 owner/repo clones the repository and finds skills in skills/, agent folders and marketplace.json', async () => {
    const draft = await prepare('acme/many');
    expect(draft.source).toMatchObject({ type: 'github', lockSource: 'acme/many', lockSourceType: 'github' });
    expect(draft.commit).toBe(manyCommit);
    expect(draft.skills.map((skill) => `${skill.id}:${skill.sourcePath}`).sort()).toEqual([
      'docx:skills/docx',
      'outline:plugins/writing/tools/outline',
      'pdf:skills/pdf',
      'review:.claude/skills/review',
    ]);
    expect(draft.failed).toEqual([]);
    const pdf = draft.skills.find((skill) => skill.id === 'pdf')!;
    expect(pdf.files.map((file) => file.path)).toEqual(['SKILL.md', 'scripts/fill.py']);
    expect(pdf.warnings).toEqual([]);
  });

  it('P4 owner/repo/path looks only in that folder', async () => {
    const draft = await prepare('acme/many/skills/pdf');
    expect(draft.skills.map((skill) => skill.id)).toEqual(['pdf']);
    expect(draft.skills[0]!.sourcePath).toBe('skills/pdf');
  });

  it('P4 owner/repo@skill prepares just that skill', async () => {
    const draft = await prepare('acme/many@review');
    expect(draft.source.skill).toBe('review');
    expect(draft.skills.map((skill) => skill.id)).toEqual(['review']);
  });

  it('P4 an unknown @skill is a clear error naming the skills there are', async () => {
    await expect(prepare('acme/many@nope')).rejects.toMatchObject({
      code: 'skill_not_found',
      message: expect.stringContaining('it has: docx, pdf, review, outline'),
    });
  });

  it('P4 a GitHub /tree/REF/PATH URL checks out that ref and path', async () => {
    const draft = await prepare('https://github.com/acme/many/tree/main/.claude/skills');
    expect(draft.source).toMatchObject({ ref: 'main', subpath: '.claude/skills' });
    expect(draft.skills.map((skill) => skill.id)).toEqual(['review']);
  });

  it('P4 a tag ref and a commit ref both check out, and the commit is recorded', async () => {
    const tagged = await prepare('acme/single#v1.0.0');
    expect(tagged.commit).toBe(taggedCommit);
    expect(tagged.skills).toMatchObject([{ id: 'single-skill', sourcePath: '' }]);
    const pinned = await prepare(`acme/single#${taggedCommit}`);
    expect(pinned.commit).toBe(taggedCommit);
    expect(pinned.skills.map((skill) => skill.id)).toEqual(['single-skill']);
  });

  it('P4 a root SKILL.md stages without the .git folder', async () => {
    const draft = await prepare('acme/single');
    expect(draft.skills[0]!.files.map((file) => file.path)).toEqual(['SKILL.md']);
    expect(draft.skills[0]!.warnings).toEqual([]);
  });

  it('P4 a ref that does not exist is a clear error', async () => {
    await expect(prepare('acme/single#no-such-branch')).rejects.toMatchObject({
      code: 'git_ref_not_found',
      message: expect.stringContaining("'no-such-branch'"),
    });
    await expect(prepare(`acme/single#${'0'.repeat(40)}`)).rejects.toMatchObject({
      code: 'git_ref_not_found',
    });
  });

  it('P4 a repository that does not exist is a clear error', async () => {
    await expect(prepare('acme/missing')).rejects.toMatchObject({ code: 'git_fetch_failed' });
  });

  it('P4 a repository with no skills is a clear error and leaves nothing staged', async () => {
    const emptyParent = await temporaryDirectory('skilldock-staging-');
    await expect(prepare('acme/empty', { stagingParent: emptyParent })).rejects.toMatchObject({
      code: 'no_skills_found',
      message: expect.stringContaining('acme/empty'),
    });
    expect(await readdir(emptyParent)).toEqual([]);
  });

  it('P6 a skill holding a symlink in git fails, its neighbours prepare', async () => {
    const draft = await prepare('acme/linked');
    expect(draft.skills.map((skill) => skill.id)).toEqual(['clean']);
    expect(draft.failed).toMatchObject([
      {
        sourcePath: 'skills/leaky',
        code: 'symlink_in_skill',
        message: expect.stringContaining('skills/leaky/passwd'),
      },
    ]);
  });

  it('P5 git speaks only https unless the caller allows more: file:// is refused by default', async () => {
    await expect(
      prepare('acme/single', { gitConfig: { [`url.file://${hostRoot}/.insteadOf`]: 'https://github.com/' } }),
    ).rejects.toMatchObject({
      code: 'git_fetch_failed',
      message: expect.stringMatching(/transport 'file' not allowed/),
    });
  });

  it('P5 a GitHub shorthand is refused when github.com is not allowed', async () => {
    await expect(prepare('acme/many', { allowedHosts: ['modelscope.cn'] })).rejects.toMatchObject({
      code: 'host_not_allowed',
    });
  });

  it('P4 git runs no hooks, even ones a template would install', async () => {
    const template = await temporaryDirectory('skilldock-template-');
    const marker = path.join(template, 'hook-ran');
    await writeFiles(template, { 'hooks/post-checkout': `#!/bin/sh\ntouch '${marker}'\n` });
    await chmod(path.join(template, 'hooks', 'post-checkout'), 0o755);
    const previous = process.env.GIT_TEMPLATE_DIR;
    process.env.GIT_TEMPLATE_DIR = template;
    try {
      const draft = await prepare('acme/single');
      expect(draft.skills.map((skill) => skill.id)).toEqual(['single-skill']);
    } finally {
      if (previous === undefined) delete process.env.GIT_TEMPLATE_DIR;
      else process.env.GIT_TEMPLATE_DIR = previous;
    }
    expect(await readdir(template)).toEqual(['hooks']);
  });
});
