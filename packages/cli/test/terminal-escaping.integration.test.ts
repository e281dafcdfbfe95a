import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAgentCli } from './agent-fixtures/agent-harness.js';
import { startChat } from './agent-fixtures/pty-session.js';
import { makeWorkspace, runCliInProcess, writeSkill } from './run-cli.js';

/** What a hostile skill smuggles: a window title, a screen clear, a cursor move, concealed text, a bidi override. */
const ESC = '\u001b';
const HOSTILE = `${ESC}]0;pwned\u0007 ${ESC}[2J ${ESC}[1A ${ESC}[8m \u202e \u2066 \u009b31m`;
/** Every character that must never reach a terminal raw (line feed and tab are allowed). */
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

let project: string;
let home: string;
let base: string;
let server: FakeModelServer;

beforeAll(async () => {
  ({ project, home } = makeWorkspace());
  base = path.dirname(project);
  const skills = path.join(project, '.agents', 'skills');
  // YAML double quotes turn \e, \a, \u… into the raw characters.
  const description = 'Looks harmless \\e]0;pwned\\a \\e[2J \\e[1A \\e[8m \\u202e \\u2066 end';
  writeSkill(
    skills,
    'evil',
    `name: evil\ndescription: "${description}"\nversion: "${'\\e'}[2J1.0"`,
    `# Evil\n${HOSTILE}\n`,
    { [`scripts/run${ESC}[2K\u202e.sh`]: 'echo hi\n', 'notes.md': 'fine\n' },
  );
  // A lenient folder whose name field is hostile: it loads with a warning quoting the name.
  writeSkill(skills, 'sly', `name: "sly\\e[2J"\ndescription: "Sly \\e]0;title\\a one."`);
  // A copy to install from, and an archive (whose entry names core refuses when they hold controls).
  execFileSync('cp', ['-r', path.join(skills, 'evil'), path.join(base, 'evil')]);
  const packed = path.join(base, 'archived', 'evil');
  writeSkill(
    path.dirname(packed),
    'evil',
    `name: evil\ndescription: "${description}"`,
    `# Evil\n${HOSTILE}\n`,
  );
  execFileSync('tar', ['-czf', path.join(base, 'evil.tgz'), '-C', path.dirname(packed), 'evil']);
  server = await startFakeModelServer({
    script: [
      { toolCalls: [{ name: 'read_file', arguments: { path: `missing${ESC}]0;x\u0007\u202e.txt` } }] },
      { text: `Answer ${HOSTILE} done.` },
    ],
  });
});
afterAll(async () => {
  await server.close();
  rmSync(base, { recursive: true, force: true });
});

/** Every text-output command over the hostile skills; --json and the skills-ref profile are excluded by design. */
const COMMANDS: readonly (readonly string[])[] = [
  ['skills', 'list'],
  ['skills', 'list', '--all'],
  ['skills', 'show', 'evil'],
  ['skills', 'show', `evil${ESC}]0;x\u0007`],
  ['skills', 'validate'],
  ['skills', 'validate', '.agents/skills/evil'],
  ['skills', 'validate', '.agents/skills', '--profile', 'lenient'],
  ['skills', 'doctor'],
  ['skills', 'prompt'],
  ['skills', 'prompt', '--format', 'markdown'],
  ['skills', 'prompt', '.agents/skills/evil', '--format', 'xml'],
  ['skills', 'hash', '.agents/skills/evil'],
  ['skills', 'pack', '.agents/skills/evil', '--out', '../evil.zip'],
  ['skills', 'add', '.agents/skills/evil', '--list'],
  ['skills', 'add', '../evil', '--yes', '--agent', 'claude-code', '--copy'],
  ['skills', 'import', '../evil.tgz', '--global', '--yes', '--agent', 'claude-code', '--copy'],
  ['skills', 'check'],
  ['skills', 'update'],
  ['skills', 'remove', `nope${ESC}[2J`],
  ['skills', 'new', `bad${ESC}]0;x\u0007`],
  ['trust', `missing${ESC}[2J`],
];

describe('SEC5 untrusted text reaches the terminal escaped', () => {
  it.each(COMMANDS.map((args) => [args.join(' '), args] as const))(
    'SEC5 %s prints no raw control or bidi character',
    async (_label, args) => {
      const result = await runCliInProcess(args, { cwd: project, home });
      const printed = result.stdout + result.stderr;
      expect(printed).not.toMatch(RAW_CONTROL);
      expect(result.status, printed).not.toBe(-1);
    },
  );

  it('SEC5 the install review, list and show show the hostile parts as visible escapes', async () => {
    const review = await runCliInProcess(['skills', 'add', '.agents/skills/evil', '--list'], {
      cwd: project,
      home,
    });
    expect(review.stdout).toContain('\\x1b]0;pwned\\x07');
    const show = await runCliInProcess(['skills', 'show', 'evil'], { cwd: project, home });
    expect(show.stdout).toContain('scripts/run\\x1b[2K\\u202e.sh');
    expect(show.stdout).toContain('\\x1b[2J \\x1b[1A \\x1b[8m \\u202e \\u2066 \\x9b31m');
    const list = await runCliInProcess(['skills', 'list'], { cwd: project, home });
    expect(list.stdout).toContain('Looks harmless \\x1b]0;pwned\\x07');
  });

  it('SEC5 with colours on, the only escape sequences are the CLI’s own SGR colours', async () => {
    for (const args of [
      ['skills', 'show', 'evil'],
      ['skills', 'list'],
      ['skills', 'validate', '.agents/skills'],
    ]) {
      const result = await runCliInProcess(args, {
        cwd: project,
        home,
        env: { NO_COLOR: '', FORCE_COLOR: '1' },
      });
      const printed = result.stdout + result.stderr;
      expect(printed, args.join(' ')).toContain(`${ESC}[1m`);
      const withoutColours = printed.replace(/\u001b\[\d+m/g, '');
      expect(withoutColours, args.join(' ')).not.toMatch(RAW_CONTROL);
    }
  });

  it('SEC5 run shows model text and tool activity escaped in text mode', async () => {
    const env = {
      OPENAI_BASE_URL: server.openaiBaseUrl,
      OPENAI_API_KEY: 'test-key',
      SKILLDOCK_MODEL: 'openai:test-model',
    };
    const text = await runAgentCli(['run', '--verbose', 'Go'], { cwd: project, home, env });
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout + text.stderr).not.toMatch(RAW_CONTROL);
    expect(text.stdout).toContain('Answer \\x1b]0;pwned\\x07');
    expect(text.stderr).toContain('read_file missing\\x1b]0;x\\x07\\u202e.txt');
  });
});

describe('SEC5 chat in a pseudo-terminal', () => {
  it('SEC5 chat shows model text and the /skills panel escaped: no title, clear screen or bidi reaches the terminal', async () => {
    const chatServer = await startFakeModelServer({ script: [{ text: `Chat answer ${HOSTILE} over.` }] });
    const chat = startChat([], {
      cwd: project,
      home,
      env: {
        OPENAI_BASE_URL: chatServer.openaiBaseUrl,
        OPENAI_API_KEY: 'test-key',
        SKILLDOCK_MODEL: 'openai:test-model',
        SKILLDOCK_TRUST: '1',
      },
    });
    try {
      await chat.waitFor('/help for commands');
      chat.line('Hello');
      await chat.waitFor('over.');
      chat.line('/skills');
      await chat.waitFor('skills › ');
      chat.line('');
      chat.line('/quit');
      expect(await chat.exited).toBe(0);
      const raw = chat.raw();
      for (const hostile of [
        `${ESC}]0;`,
        `${ESC}[2J`,
        `${ESC}[1A`,
        `${ESC}[8m`,
        '\u202e',
        '\u2066',
        '\u009b',
      ])
        expect(raw).not.toContain(hostile);
      expect(chat.screen()).toContain('Chat answer \\x1b]0;pwned\\x07 \\x1b[2J');
      expect(chat.screen()).toContain('Looks harmless \\x1b]0;pwned\\x07');
    } finally {
      chat.kill();
      await chatServer.close();
    }
  });
});

describe('SEC5 settings and archives name files escaped too', () => {
  it('SEC5 a settings file with a hostile key is reported escaped with file:line:column', async () => {
    const settings = path.join(project, '.skilldock');
    mkdirSync(settings, { recursive: true });
    writeFileSync(path.join(settings, 'settings.json'), '{ "x\\u001b]0;t\\u0007": 1 }');
    try {
      const result = await runCliInProcess(['skills', 'list'], { cwd: project, home });
      expect(result.stderr).toMatch(/settings\.json:1:3 warning settings_unknown_key/);
      expect(result.stdout + result.stderr).not.toMatch(RAW_CONTROL);
    } finally {
      rmSync(settings, { recursive: true, force: true });
    }
  });
});
