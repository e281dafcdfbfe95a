import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listSessions } from '../../src/session/list-sessions.js';
import { loadSession } from '../../src/session/load-session.js';
import { sessionsFolder } from '../../src/session/session-location.js';
import { SessionTranscript } from '../../src/session/session-transcript.js';
import { makeSessionHome, type SessionTestHome, steppingClock } from './session-test-home.js';

describe('listing and loading sessions', () => {
  let location: SessionTestHome;
  beforeEach(async () => {
    location = await makeSessionHome();
  });
  afterEach(() => location.cleanup());

  async function session(start: string, prompts: string[]): Promise<SessionTranscript> {
    const transcript = await SessionTranscript.create({
      ...location,
      model: 'openai:gpt-5',
      now: steppingClock(start),
    });
    await transcript.appendMessage({
      role: 'user',
      text: 'Skill "deploy" became available.',
      origin: 'signal',
    });
    for (const text of prompts) {
      await transcript.appendMessage({ role: 'user', text, origin: 'prompt' });
      await transcript.appendMessage({ role: 'assistant', text: 'ok' });
    }
    await transcript.close();
    return transcript;
  }

  it('G5 lists sessions most recently updated first, with preview and turns', async () => {
    const older = await session('2026-11-01T09:00:00.000Z', [
      'Fix the   flaky\ntest in parser.ts',
      'and the other one',
    ]);
    const newer = await session('2026-11-02T09:00:00.000Z', ['x'.repeat(200)]);
    // Started first, but continued last: it is the most recently updated.
    const continued = await session('2026-10-01T09:00:00.000Z', ['old start']);
    const { transcript } = await SessionTranscript.resume({
      ...location,
      id: continued.id,
      now: () => new Date('2026-11-03T00:00:00.000Z'),
    });
    await transcript.appendMessage({ role: 'user', text: 'back again', origin: 'prompt' });
    await transcript.close();

    const sessions = await listSessions(location);
    expect(sessions.map((summary) => summary.id)).toEqual([continued.id, newer.id, older.id]);
    expect(sessions[2]).toEqual({
      id: older.id,
      file: older.file,
      createdAt: '2026-11-01T09:00:00.000Z',
      updatedAt: '2026-11-01T09:05:00.000Z',
      model: 'openai:gpt-5',
      preview: 'Fix the flaky test in parser.ts',
      turns: 2,
    });
    expect(sessions[1]!.preview).toBe(`${'x'.repeat(79)}…`);
    expect(sessions[0]).toMatchObject({
      turns: 2,
      updatedAt: '2026-11-03T00:00:00.000Z',
      preview: 'old start',
    });
    const latest = await loadSession(location, 'latest');
    expect(latest.header.id).toBe(continued.id);
  });

  it('G5 lists an unreadable transcript with the reason instead of failing', async () => {
    const good = await session('2026-11-01T09:00:00.000Z', ['hello']);
    const folder = await sessionsFolder(location);
    const brokenId = '20261102-090000-abcdef';
    await writeFile(join(folder, `${brokenId}.jsonl`), 'garbage\n{}\n');
    await writeFile(join(folder, 'notes.txt'), 'not a session');
    const sessions = await listSessions(location);
    expect(sessions.map((summary) => summary.id).sort()).toEqual([good.id, brokenId].sort());
    const broken = sessions.find((summary) => summary.id === brokenId)!;
    expect(broken.error).toContain(':1: invalid JSON');
    expect((await loadSession(location, 'latest')).header.id).toBe(good.id);
  });

  it('G5 has nothing to list or load for a new project', async () => {
    expect(await listSessions(location)).toEqual([]);
    await expect(loadSession(location, 'latest')).rejects.toMatchObject({ code: 'session_not_found' });
    await expect(loadSession(location, '20261130-104233-ab12cd')).rejects.toMatchObject({
      code: 'session_not_found',
    });
  });

  it('G5 refuses ids that could name another file', async () => {
    await expect(loadSession(location, '../../etc/passwd')).rejects.toMatchObject({
      code: 'invalid_session_id',
    });
    await expect(SessionTranscript.resume({ ...location, id: '../x' })).rejects.toMatchObject({
      code: 'invalid_session_id',
    });
  });
});
