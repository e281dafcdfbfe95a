import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatContext } from '../src/chat/chat-context.js';
import { curatorCommand, parseCuratorArguments } from '../src/chat/commands/curator-command.js';
import { makeWorkspace, runCliInProcess } from './run-cli.js';

let project: string;
let home: string;
beforeEach(() => {
  ({ project, home } = makeWorkspace());
});
afterEach(() => rmSync(path.dirname(project), { recursive: true, force: true }));

const DAY = 24 * 60 * 60 * 1000;
const TRUST = { SKILLDOCK_TRUST: '1' };

function generatedSkill(folder: string, name: string, source: string | null = 'learned'): string {
  const directory = path.join(project, folder, name);
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, 'SKILL.md');
  writeFileSync(
    file,
    `---\nname: ${name}\ndescription: Does ${name}. Use when asked.\n${source === null ? '' : `source: ${source}\n`}---\nBody.\n`,
  );
  const old = new Date(Date.now() - 400 * DAY);
  utimesSync(file, old, old);
  return directory;
}

function writeState(
  skills: Record<string, { firstSeenDaysAgo: number; state?: string; pinned?: boolean }>,
): void {
  mkdirSync(path.join(project, '.skilldock'), { recursive: true });
  const now = Date.now();
  const at = (days: number) => new Date(now - days * DAY).toISOString();
  writeFileSync(
    path.join(project, '.skilldock', 'skill-curator.json'),
    JSON.stringify({
      version: 1,
      skills: Object.fromEntries(
        Object.entries(skills).map(([name, { firstSeenDaysAgo, state = 'active', pinned = false }]) => [
          name,
          { firstSeen: at(firstSeenDaysAgo), useCount: 0, state, pinned },
        ]),
      ),
    }),
  );
}

const curator = (args: string[], env: Record<string, string> = {}) =>
  runCliInProcess(['curator', ...args], { cwd: project, home, env });

const stateText = () => readFileSync(path.join(project, '.skilldock', 'skill-curator.json'), 'utf8');

describe('L3 skilldock curator', () => {
  it('L3 every curator command has --help', async () => {
    for (const verb of ['status', 'run', 'pin', 'unpin', 'restore']) {
      const run = await curator([verb, '--help']);
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(`curator ${verb}`);
    }
    expect((await curator(['run', '--help'])).stdout).toContain('--dry-run');
  });

  it('L3 status and a dry run work in an untrusted workspace and in safe mode, and change nothing', async () => {
    generatedSkill('.agents/skills', 'learned-skill-old');
    generatedSkill('.agents/skills', 'my-own', null);
    writeState({ 'learned-skill-old': { firstSeenDaysAgo: 100 } });
    const before = stateText();
    const status = await curator(['status', '--json']);
    expect(status.status, status.stderr).toBe(0);
    const parsed = JSON.parse(status.stdout);
    expect(parsed.skills).toEqual([
      expect.objectContaining({
        name: 'learned-skill-old',
        state: 'active',
        age: expect.objectContaining({ state: 'archived', inactiveDays: 100 }),
      }),
    ]);
    const dry = await curator(['run', '--dry-run', '--json', '--safe-mode']);
    expect(dry.status, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dryRun: true, moves: ['learned-skill-old'] });
    const text = await curator(['run', '--dry-run']);
    expect(text.stdout).toContain('Dry run: nothing was changed');
    expect(text.stdout).toContain('learned-skill-old  active → archived');
    expect(stateText()).toBe(before);
    expect(existsSync(path.join(project, '.agents/skills/learned-skill-old'))).toBe(true);
  });

  it('L3 run, pin, unpin and restore need a trusted workspace outside safe mode, and say so', async () => {
    generatedSkill('.agents/skills', 'learned-skill-a');
    generatedSkill('.skilldock/archived-skills', 'learned-skill-b');
    for (const args of [
      ['run'],
      ['pin', 'learned-skill-a'],
      ['unpin', 'learned-skill-a'],
      ['restore', 'learned-skill-b'],
    ]) {
      const untrusted = await curator([...args, '--json']);
      expect(untrusted.status).toBe(1);
      expect(JSON.parse(untrusted.stdout).error.code).toBe('curator_workspace_untrusted');
      expect(untrusted.stderr).toContain('skilldock trust');
      const safe = await curator([...args, '--safe-mode'], TRUST);
      expect(safe.status).toBe(1);
      expect(safe.stderr).toContain('without --safe-mode');
    }
    expect(existsSync(path.join(project, '.skilldock', 'skill-curator.json'))).toBe(false);
    expect(existsSync(path.join(project, '.skilldock/archived-skills/learned-skill-b'))).toBe(true);
  });

  it('L3 with learn.directory .qwen/skills the curator archives to .qwen/archived-skills, as Qwen Code does', async () => {
    mkdirSync(path.join(project, '.skilldock'), { recursive: true });
    writeFileSync(
      path.join(project, '.skilldock', 'settings.json'),
      JSON.stringify({ learn: { directory: '.qwen/skills' } }),
    );
    generatedSkill('.qwen/skills', 'learned-skill-old');
    writeState({ 'learned-skill-old': { firstSeenDaysAgo: 100 } });
    const run = await curator(['run'], TRUST);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Archived 1 to ${path.join('.qwen', 'archived-skills')}/`);
    expect(readdirSync(path.join(project, '.qwen/archived-skills'))).toEqual(['learned-skill-old']);
    expect(existsSync(path.join(project, '.skilldock/archived-skills'))).toBe(false);
    const restore = await curator(['restore', '.qwen/archived-skills/learned-skill-old'], TRUST);
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('restored learned-skill-old → .qwen/skills/learned-skill-old');
  });

  it('L3 in a trusted workspace: run archives, restore brings back, pin keeps it from ageing', async () => {
    generatedSkill('.agents/skills', 'learned-skill-old');
    generatedSkill('.agents/skills', 'auto-skill-new', 'auto-skill');
    writeState({ 'learned-skill-old': { firstSeenDaysAgo: 100 } });
    const run = await curator(['run'], TRUST);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('auto-skill-new  newly seen');
    expect(run.stdout).toContain('Archived 1 to .skilldock/archived-skills/');
    expect(readdirSync(path.join(project, '.skilldock/archived-skills'))).toEqual(['learned-skill-old']);

    const restore = await curator(['restore', '.skilldock/archived-skills/learned-skill-old'], TRUST);
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('restored learned-skill-old → .agents/skills/learned-skill-old');
    const pin = await curator(['pin', 'learned-skill-old', '--json'], TRUST);
    expect(JSON.parse(pin.stdout)).toMatchObject({ kind: 'pin', name: 'learned-skill-old', pinned: true });
    const status = JSON.parse((await curator(['status', '--json'])).stdout);
    expect(status.skills.find((skill: { name: string }) => skill.name === 'learned-skill-old')).toMatchObject(
      {
        pinned: true,
        state: 'active',
      },
    );
    const unpin = await curator(['unpin', 'learned-skill-old'], TRUST);
    expect(unpin.stdout).toContain('unpinned learned-skill-old');
  });

  it.each(['..', '/etc', '../../home', '.agents/skills/../..', 'linked'])(
    'SEC1 a hostile DIR %s is refused (exit 1) and nothing is touched',
    async (argument) => {
      generatedSkill('.agents/skills', 'learned-skill-a');
      const outside = path.join(path.dirname(project), 'outside-skill');
      mkdirSync(outside);
      writeFileSync(
        path.join(outside, 'SKILL.md'),
        '---\nname: linked\ndescription: x\nsource: learned\n---\n',
      );
      symlinkSync(outside, path.join(project, '.agents/skills/linked'));
      writeState({});
      const before = stateText();
      for (const verb of ['pin', 'unpin', 'restore']) {
        const run = await curator([verb, argument, '--json'], TRUST);
        expect(run.status).toBe(1);
        expect(['path_outside_folder', 'symlink_refused', 'curator_skill_not_found']).toContain(
          JSON.parse(run.stdout).error.code,
        );
      }
      expect(stateText()).toBe(before);
      expect(readdirSync(path.join(project, '.agents/skills')).sort()).toEqual(['learned-skill-a', 'linked']);
      expect(existsSync(path.join(outside, 'SKILL.md'))).toBe(true);
    },
  );

  it('L3 a corrupt state file is reported (exit 1) and kept as it was', async () => {
    mkdirSync(path.join(project, '.skilldock'), { recursive: true });
    writeFileSync(path.join(project, '.skilldock', 'skill-curator.json'), '{"version": 7}');
    const run = await curator(['status']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('is unusable');
    expect(stateText()).toBe('{"version": 7}');
  });
});

describe('L3 /curator in chat', () => {
  it('L3 parses its arguments; anything else is usage', () => {
    expect(parseCuratorArguments('')).toEqual({ kind: 'status' });
    expect(parseCuratorArguments('run --dry-run')).toEqual({ kind: 'run', dryRun: true });
    expect(parseCuratorArguments('restore learned-skill-a')).toEqual({
      kind: 'restore',
      directory: 'learned-skill-a',
    });
    expect(parseCuratorArguments('pin')).toBeUndefined();
    expect(parseCuratorArguments('run --force')).toBeUndefined();
    expect(parseCuratorArguments('delete x')).toBeUndefined();
  });

  it('L3 works on the chat workspace: a dry run always, a pin refused in safe mode', async () => {
    generatedSkill('.agents/skills', 'learned-skill-a');
    const lines: string[] = [];
    let refreshed = 0;
    const chat = {
      workspace: {
        projectRoot: project,
        settings: {},
        trusted: true,
        safeMode: true,
        refreshCatalog: async () => {
          refreshed++;
        },
      },
      say: (text: string) => lines.push(text),
    } as unknown as ChatContext;
    await curatorCommand.run(chat, 'run --dry-run');
    // The chat renders its own styles later: compare the text without their markers.
    const plain = lines.join('\n').replace(/\u0000[^\u0000]*\u0000/g, '');
    expect(plain).toContain('learned-skill-a  newly seen');
    await curatorCommand.run(chat, 'pin learned-skill-a');
    expect(lines.at(-1)).toContain('without --safe-mode');
    await curatorCommand.run(chat, 'bogus');
    expect(lines.at(-1)).toContain('usage: /curator');
    expect(refreshed).toBe(0);
    expect(existsSync(path.join(project, '.skilldock', 'skill-curator.json'))).toBe(false);
  });
});
