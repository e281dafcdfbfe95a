import { mkdir, mkdtemp, readFile, realpath, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createGeneratedSkillCallGate,
  createGeneratedSkillGuard,
  type GeneratedSkillGuard,
} from '@skilldock/agent/learn';
import { createRunContext, runToCompletion } from '@skilldock/agent/loop';
import { createOpenAIProvider } from '@skilldock/agent/model';
import { startFakeModelServer } from '@skilldock/agent/testing';
import { createBuiltinTools } from '@skilldock/agent/tools';
import { SecurityError } from '@skilldock/core/errors';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const LEARNED = (name: string, body = 'Do the thing.') =>
  `---\nname: ${name}\ndescription: Deploy the service. Use when shipping.\nsource: learned\n---\n${body}\n`;

let project: string;
let directory: string;
let guard: GeneratedSkillGuard;

beforeEach(async () => {
  project = await realpath(await mkdtemp(path.join(tmpdir(), 'skilldock-guard-')));
  directory = path.join(project, '.agents', 'skills');
  await mkdir(directory, { recursive: true });
  guard = createGeneratedSkillGuard({
    directory,
    source: 'learned',
    prefix: 'learned-skill-',
    linkCheckRoot: project,
  });
});

afterEach(async () => {
  await rm(project, { recursive: true, force: true });
});

async function refusalCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(SecurityError.isInstance(error)).toBe(true);
    return (error as SecurityError).code;
  }
  throw new Error('expected a SecurityError');
}

async function writeSkill(folder: string, text: string): Promise<void> {
  await mkdir(path.join(directory, folder), { recursive: true });
  await writeFile(path.join(directory, folder, 'SKILL.md'), text);
}

describe('the generated-skill guard', () => {
  it('L1 lets a new learned-skill folder be created and records it', async () => {
    const target = path.join(directory, 'learned-skill-deploy', 'SKILL.md');
    await expect(
      guard.check({ action: 'create', path: target, content: LEARNED('learned-skill-deploy') }),
    ).resolves.toEqual({
      action: 'create',
      skillDirectory: path.join(directory, 'learned-skill-deploy'),
      folderName: 'learned-skill-deploy',
      file: 'SKILL.md',
    });
    expect(guard.createdSkills()).toEqual([path.join(directory, 'learned-skill-deploy')]);
  });

  it('L1 refuses a create whose folder exists, even empty (never overwriting another skill)', async () => {
    await mkdir(path.join(directory, 'learned-skill-deploy'));
    expect(
      await refusalCode(
        guard.check({ action: 'create', path: path.join(directory, 'learned-skill-deploy', 'SKILL.md') }),
      ),
    ).toBe('generated_skill_exists');
    expect(guard.createdSkills()).toEqual([]);
  });

  it.each([
    ['a folder without the prefix', 'deploy/SKILL.md'],
    ['another prefix', 'auto-skill-deploy/SKILL.md'],
    ['an upper-case name', 'learned-skill-Deploy/SKILL.md'],
    ['a double hyphen', 'learned-skill--deploy/SKILL.md'],
    ['a file other than SKILL.md', 'learned-skill-deploy/notes.md'],
    ['a name past 64 characters', `learned-skill-${'a'.repeat(60)}/SKILL.md`],
  ])('L1 refuses to create %s', async (_what, relative) => {
    expect(await refusalCode(guard.check({ action: 'create', path: path.join(directory, relative) }))).toBe(
      'generated_skill_path_invalid',
    );
  });

  it.each([
    ['the project root', () => path.join(project, 'SKILL.md')],
    ['a traversal out of the folder', () => path.join(directory, '..', 'learned-skill-x', 'SKILL.md')],
    ['the folder itself', () => directory],
    ['a sibling folder with the same prefix', () => `${directory}-evil/learned-skill-x/SKILL.md`],
  ])('SEC1 refuses a write to %s', async (_what, target) => {
    for (const action of ['create', 'edit'] as const) {
      expect(await refusalCode(guard.check({ action, path: target() }))).toBe(
        'generated_skill_outside_directory',
      );
    }
  });

  it('SEC1 refuses a write through a linked skill folder, a linked SKILL.md and a linked learn folder', async () => {
    const outside = await realpath(await mkdtemp(path.join(tmpdir(), 'skilldock-guard-outside-')));
    try {
      await writeFile(path.join(outside, 'SKILL.md'), LEARNED('learned-skill-linked'));
      await symlink(outside, path.join(directory, 'learned-skill-linked'));
      expect(
        await refusalCode(
          guard.check({ action: 'edit', path: path.join(directory, 'learned-skill-linked', 'SKILL.md') }),
        ),
      ).toBe('generated_skill_link');

      await mkdir(path.join(directory, 'learned-skill-file'));
      await symlink(path.join(outside, 'SKILL.md'), path.join(directory, 'learned-skill-file', 'SKILL.md'));
      expect(
        await refusalCode(
          guard.check({ action: 'edit', path: path.join(directory, 'learned-skill-file', 'SKILL.md') }),
        ),
      ).toBe('generated_skill_link');
      // A supporting file of a skill whose SKILL.md is a link: the mark is never read through it.
      expect(
        await refusalCode(
          guard.check({ action: 'edit', path: path.join(directory, 'learned-skill-file', 'notes.md') }),
        ),
      ).toBe('generated_skill_not_owned');

      const linkedProject = await realpath(await mkdtemp(path.join(tmpdir(), 'skilldock-guard-linked-')));
      await mkdir(path.join(linkedProject, '.agents'));
      await symlink(outside, path.join(linkedProject, '.agents', 'skills'));
      const linkedGuard = createGeneratedSkillGuard({
        directory: path.join(linkedProject, '.agents', 'skills'),
        source: 'learned',
        prefix: 'learned-skill-',
        linkCheckRoot: linkedProject,
      });
      expect(
        await refusalCode(
          linkedGuard.check({
            action: 'create',
            path: path.join(linkedProject, '.agents', 'skills', 'learned-skill-new', 'SKILL.md'),
          }),
        ),
      ).toBe('generated_skill_link');
      await rm(linkedProject, { recursive: true, force: true });
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('L1 lets a skill marked source: learned be edited, and refuses one that is not marked', async () => {
    await writeSkill('learned-skill-ours', LEARNED('learned-skill-ours'));
    await writeSkill('learned-skill-hand', LEARNED('learned-skill-hand').replace('source: learned\n', ''));
    await writeSkill('auto-skill-theirs', LEARNED('auto-skill-theirs').replace('learned', 'auto-skill'));
    await expect(
      guard.check({ action: 'edit', path: path.join(directory, 'learned-skill-ours', 'references', 'a.md') }),
    ).resolves.toMatchObject({ action: 'edit', file: 'references/a.md' });
    for (const folder of ['learned-skill-hand', 'auto-skill-theirs', 'missing']) {
      expect(
        await refusalCode(guard.check({ action: 'edit', path: path.join(directory, folder, 'SKILL.md') })),
      ).toBe('generated_skill_not_owned');
    }
  });

  it('L2 a guard for auto skill edits only auto-skill skills', async () => {
    const auto = createGeneratedSkillGuard({ directory, source: 'auto-skill', prefix: 'auto-skill-' });
    await writeSkill('learned-skill-ours', LEARNED('learned-skill-ours'));
    await writeSkill('auto-skill-tests', LEARNED('auto-skill-tests').replace('learned', 'auto-skill'));
    await expect(
      auto.check({ action: 'edit', path: path.join(directory, 'auto-skill-tests', 'SKILL.md') }),
    ).resolves.toMatchObject({ folderName: 'auto-skill-tests' });
    expect(
      await refusalCode(
        auto.check({ action: 'edit', path: path.join(directory, 'learned-skill-ours', 'SKILL.md') }),
      ),
    ).toBe('generated_skill_not_owned');
    expect(
      await refusalCode(
        auto.check({ action: 'create', path: path.join(directory, 'learned-skill-new', 'SKILL.md') }),
      ),
    ).toBe('generated_skill_path_invalid');
  });

  it('L1 a new SKILL.md text must carry the mark, on create and on edit', async () => {
    await writeSkill('learned-skill-ours', LEARNED('learned-skill-ours'));
    const unmarked = LEARNED('learned-skill-ours').replace('source: learned\n', '');
    expect(
      await refusalCode(
        guard.check({
          action: 'edit',
          path: path.join(directory, 'learned-skill-ours', 'SKILL.md'),
          content: unmarked,
        }),
      ),
    ).toBe('generated_skill_not_owned');
    expect(
      await refusalCode(
        guard.check({
          action: 'create',
          path: path.join(directory, 'learned-skill-new', 'SKILL.md'),
          content: 'not a skill',
        }),
      ),
    ).toBe('generated_skill_not_owned');
  });
});

describe('the generated-skill call gate in the loop', () => {
  async function runWith(toolCalls: readonly { name: string; arguments: unknown }[]) {
    const server = await startFakeModelServer({ script: [{ toolCalls }, { text: 'done' }] });
    try {
      const context = createRunContext({
        cwd: project,
        model: { provider: createOpenAIProvider({ apiKey: 'k', baseUrl: server.openaiBaseUrl }), model: 'm' },
        tools: createBuiltinTools(),
        approvalModes: ['yolo'],
        callGate: createGeneratedSkillCallGate(guard, {
          cwd: project,
          checkContent: (_write, content) => (content.includes('## Procedure') ? [] : ['no Procedure']),
        }),
      });
      const result = await runToCompletion(context, { prompt: 'learn' });
      const toolMessages = result.messages.filter((message) => message.role === 'tool');
      return toolMessages.map((message) => message.content);
    } finally {
      await server.close();
    }
  }

  it('L1 write_file creates a new learned skill; shell, outside writes and unmarked edits are refused', async () => {
    await writeSkill('learned-skill-hand', LEARNED('learned-skill-hand').replace('source: learned\n', ''));
    const text = LEARNED('learned-skill-deploy', '## Procedure\n1. Ship.');
    const results = await runWith([
      {
        name: 'write_file',
        arguments: { path: '.agents/skills/learned-skill-deploy/SKILL.md', content: text },
      },
      { name: 'write_file', arguments: { path: 'src/evil.ts', content: 'x' } },
      { name: 'shell', arguments: { command: 'touch pwned' } },
      {
        name: 'edit',
        arguments: {
          path: '.agents/skills/learned-skill-hand/SKILL.md',
          old_string: 'Do the thing.',
          new_string: 'Do evil.',
        },
      },
      {
        name: 'write_file',
        arguments: {
          path: '.agents/skills/learned-skill-other/SKILL.md',
          content: LEARNED('learned-skill-other'),
        },
      },
    ]);
    expect(results[0]).toMatch(/^Created \.agents\/skills\/learned-skill-deploy\/SKILL\.md/);
    expect(results[1]).toContain('outside');
    expect(results[2]).toContain('may not run commands');
    expect(results[3]).toContain('not marked "source: learned"');
    expect(results[4]).toContain('no Procedure');
    expect(await readFile(path.join(directory, 'learned-skill-deploy', 'SKILL.md'), 'utf8')).toBe(text);
    await expect(stat(path.join(project, 'src'))).rejects.toThrow();
    await expect(stat(path.join(project, 'pwned'))).rejects.toThrow();
    await expect(stat(path.join(directory, 'learned-skill-other'))).rejects.toThrow();
    expect(await readFile(path.join(directory, 'learned-skill-hand', 'SKILL.md'), 'utf8')).toContain(
      'Do the thing.',
    );
  });

  it('L1 the run edits the skill it created in a later call', async () => {
    const text = LEARNED('learned-skill-deploy', '## Procedure\n1. Ship.');
    const results = await runWith([
      {
        name: 'write_file',
        arguments: { path: '.agents/skills/learned-skill-deploy/SKILL.md', content: text },
      },
      {
        name: 'edit',
        arguments: {
          path: '.agents/skills/learned-skill-deploy/SKILL.md',
          old_string: '1. Ship.',
          new_string: '1. Build.\n2. Ship.',
        },
      },
    ]);
    expect(results[1]).toMatch(/^Edited/);
    expect(await readFile(path.join(directory, 'learned-skill-deploy', 'SKILL.md'), 'utf8')).toContain(
      '1. Build.\n2. Ship.',
    );
  });
});

describe('reserving a new skill folder', () => {
  const [writeFile_, edit] = createBuiltinTools().filter(
    (tool) => tool.name === 'write_file' || tool.name === 'edit',
  );
  const call = (target: string) => ({
    tool: writeFile_!,
    input: { path: target, content: LEARNED('learned-skill-race') },
  });

  it('SEC1 with reserveCreates, a second run that checks before the first one writes is refused', async () => {
    const first = createGeneratedSkillCallGate(guard, { cwd: project, reserveCreates: true });
    const other = createGeneratedSkillGuard({ directory, source: 'learned', prefix: 'learned-skill-' });
    const second = createGeneratedSkillCallGate(other, { cwd: project, reserveCreates: true });
    const target = '.agents/skills/learned-skill-race/SKILL.md';
    expect(await first(call(target))).toEqual({ allowed: true });
    expect((await stat(path.join(directory, 'learned-skill-race'))).isDirectory()).toBe(true);
    const refused = await second(call(target));
    expect(refused.allowed).toBe(false);
    expect(refused.allowed ? '' : refused.reason).toMatch(/already exists|not marked/);
  });

  it('SEC1 without reserveCreates the same two checks both pass: the reservation is what closes the race', async () => {
    const first = createGeneratedSkillCallGate(guard, { cwd: project });
    const other = createGeneratedSkillGuard({ directory, source: 'learned', prefix: 'learned-skill-' });
    const second = createGeneratedSkillCallGate(other, { cwd: project });
    const target = '.agents/skills/learned-skill-race/SKILL.md';
    expect(await first(call(target))).toEqual({ allowed: true });
    expect(await second(call(target))).toEqual({ allowed: true });
  });

  it('L1 with reserveCreates a new skill is written whole: the edit tool cannot start one', async () => {
    const gate = createGeneratedSkillCallGate(guard, { cwd: project, reserveCreates: true });
    const refused = await gate({
      tool: edit!,
      input: { path: '.agents/skills/learned-skill-new/SKILL.md', old_string: 'a', new_string: 'b' },
    });
    expect(refused.allowed ? '' : refused.reason).toContain('written whole, with write_file');
    await expect(stat(path.join(directory, 'learned-skill-new'))).rejects.toThrow();
  });
});
