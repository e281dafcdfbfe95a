import { mkdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../src/program.js';
import { makeWorkspace, writeSkill } from './run-cli.js';

function collector() {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

let project: string;
let home: string;
const written: string[] = [];
const realWrites = { out: process.stdout.write, error: process.stderr.write };

beforeEach(() => {
  ({ project, home } = makeWorkspace());
  project = realpathSync(project);
  home = realpathSync(home);
  // Anything the CLI wrote to the hosting process's own streams lands here.
  written.length = 0;
  process.stdout.write = ((text: string) => written.push(String(text)) > 0) as typeof process.stdout.write;
  process.stderr.write = ((text: string) => written.push(String(text)) > 0) as typeof process.stderr.write;
});
afterEach(() => {
  process.stdout.write = realWrites.out;
  process.stderr.write = realWrites.error;
});

async function run(
  argv: string[],
  options: { env?: Record<string, string>; isTTY?: boolean; input?: string } = {},
) {
  const stdout = collector();
  const stderr = collector();
  const status = await runCli({
    argv,
    cwd: project,
    home,
    env: { PATH: process.env.PATH ?? '', HOME: home, ...options.env },
    stdin: Readable.from(options.input === undefined ? [] : [Buffer.from(options.input)]),
    stdout: stdout.stream,
    stderr: stderr.stream,
    ...(options.isTTY === undefined ? {} : { isTTY: options.isTTY }),
  });
  return { status, stdout: stdout.text(), stderr: stderr.text() };
}

describe('runCli in process', () => {
  it('I2 reads only the injected folder, home and environment, and writes only to the given streams', async () => {
    writeSkill(path.join(project, '.agents', 'skills'), 'project-one', 'name: project-one\ndescription: P.');
    writeSkill(path.join(home, '.agents', 'skills'), 'personal-one', 'name: personal-one\ndescription: H.');
    // The hosting process's variables must not leak in: this one would trust every workspace.
    process.env.SKILLDOCK_TRUST = '1';
    try {
      const listed = await run(['skills', 'list', '--json']);
      expect(listed.status).toBe(0);
      const json = JSON.parse(listed.stdout) as {
        projectRoot: string;
        trusted: boolean;
        skills: { id: string }[];
      };
      expect(json.projectRoot).toBe(project);
      expect(json.trusted).toBe(false);
      expect(json.skills.map((skill) => skill.id).sort()).toEqual(['personal-one', 'project-one']);
      expect((await run(['skills', 'list', '--json'], { env: { SKILLDOCK_TRUST: '1' } })).stdout).toContain(
        '"trusted": true',
      );
    } finally {
      delete process.env.SKILLDOCK_TRUST;
    }
    const created = await run(['skills', 'new', 'made-here']);
    expect(created.status).toBe(0);
    expect(readFileSync(path.join(project, '.agents', 'skills', 'made-here', 'SKILL.md'), 'utf8')).toContain(
      'name: made-here',
    );
    const usage = await run(['skills', 'frobnicate']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("unknown command 'frobnicate'");
    expect(written).toEqual([]);
  });

  it('I2 colours come from the injected environment and terminal, not the hosting process', async () => {
    writeSkill(
      path.join(project, '.agents', 'skills'),
      'broken',
      'name: Broken\ndescription: Upper-case name.',
    );
    const piped = await run(['skills', 'validate', '.agents/skills/broken']);
    expect(piped.stdout).not.toContain('\u001b[');
    const terminal = await run(['skills', 'validate', '.agents/skills/broken'], { isTTY: true });
    expect(terminal.stdout).toContain('\u001b[31m');
    const noColour = await run(['skills', 'validate', '.agents/skills/broken'], {
      isTTY: true,
      env: { NO_COLOR: '1' },
    });
    expect(noColour.stdout).not.toContain('\u001b[');
    expect(noColour.stdout).toBe(piped.stdout);
    const forced = await run(['skills', 'validate', '.agents/skills/broken'], { env: { FORCE_COLOR: '1' } });
    expect(forced.stdout).toBe(terminal.stdout);
  });

  it('I2 run reads its prompt from the injected stdin and leaves no SIGINT listener behind', async () => {
    mkdirSync(path.join(project, 'sub'));
    const server = await startFakeModelServer({ script: [{ text: 'Done here.' }] });
    try {
      const before = process.listenerCount('SIGINT');
      const result = await run(['run', '--cwd', 'sub'], {
        input: 'Piped prompt\n',
        env: {
          OPENAI_BASE_URL: server.openaiBaseUrl,
          OPENAI_API_KEY: 'test-key',
          SKILLDOCK_MODEL: 'openai:m',
        },
      });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toBe('Done here.\n');
      expect(JSON.stringify(server.requests[0]?.body)).toContain('Piped prompt');
      expect(process.listenerCount('SIGINT')).toBe(before);
    } finally {
      await server.close();
    }
    expect(written).toEqual([]);
  });
});
