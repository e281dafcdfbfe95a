import { readFile, stat, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSession } from '../../src/session/load-session.js';
import { createSessionId, projectHash, SESSION_ID_PATTERN } from '../../src/session/session-location.js';
import { SessionTranscript } from '../../src/session/session-transcript.js';
import type { TranscriptMessage } from '../../src/session/transcript-record.js';
import { makeSessionHome, type SessionTestHome, steppingClock } from './session-test-home.js';

const conversation: TranscriptMessage[] = [
  { role: 'user', text: 'List the files', origin: 'prompt' },
  { role: 'assistant', text: '', toolCalls: [{ id: 'call_1', name: 'ls', arguments: '{"path":"."}' }] },
  { role: 'tool', text: 'a.txt  2 B', toolCallId: 'call_1', toolName: 'ls', isError: false },
  { role: 'assistant', text: 'There is one file, a.txt.' },
];

describe('session transcripts', () => {
  let location: SessionTestHome;
  beforeEach(async () => {
    location = await makeSessionHome();
  });
  afterEach(() => location.cleanup());

  it('G5 writes a header and one JSON object per line, and loads them back', async () => {
    const now = steppingClock('2026-11-30T10:42:33.000Z');
    const transcript = await SessionTranscript.create({ ...location, model: 'openai:gpt-5', now });
    for (const message of conversation) await transcript.appendMessage(message);
    await transcript.appendUsage({ inputTokens: 120, outputTokens: 30, cachedInputTokens: 100 });
    await transcript.appendEvent('skill-activated', { skillId: 'deploy' });
    await transcript.close();

    expect(transcript.id).toMatch(/^20261130-104233-[0-9a-f]{6}$/);
    const hash = await projectHash(location.projectRoot);
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(transcript.file).toBe(
      join(location.home, '.skilldock', 'sessions', hash, `${transcript.id}.jsonl`),
    );
    const lines = (await readFile(transcript.file, 'utf8')).split('\n');
    expect(lines).toHaveLength(8);
    expect(lines.at(-1)).toBe('');
    expect(JSON.parse(lines[0]!)).toEqual({
      type: 'session',
      id: transcript.id,
      projectRoot: location.projectRoot,
      createdAt: '2026-11-30T10:42:33.000Z',
      model: 'openai:gpt-5',
      version: 1,
    });
    expect(JSON.parse(lines[1]!)).toEqual({
      type: 'message',
      message: conversation[0],
      at: '2026-11-30T10:43:33.000Z',
    });

    const loaded = await loadSession(location, transcript.id);
    expect(loaded.header).toEqual(transcript.header);
    expect(loaded.messages).toEqual(conversation);
    expect(loaded.entries.slice(-2)).toEqual([
      {
        type: 'usage',
        inputTokens: 120,
        outputTokens: 30,
        cachedInputTokens: 100,
        at: '2026-11-30T10:47:33.000Z',
      },
      { type: 'event', name: 'skill-activated', data: { skillId: 'deploy' }, at: '2026-11-30T10:48:33.000Z' },
    ]);
    expect(loaded.truncatedLastLine).toBe(false);
  });

  it('G5 keeps transcripts private: file 0600, folders 0700', async () => {
    const transcript = await SessionTranscript.create({ ...location, model: 'm' });
    await transcript.close();
    expect((await stat(transcript.file)).mode & 0o777).toBe(0o600);
    expect((await stat(join(transcript.file, '..'))).mode & 0o777).toBe(0o700);
    expect((await stat(join(location.home, '.skilldock', 'sessions'))).mode & 0o777).toBe(0o700);
  });

  it('G5 keeps appends in order when they are not awaited one by one', async () => {
    const transcript = await SessionTranscript.create({ ...location, model: 'm' });
    const texts = Array.from({ length: 50 }, (_, index) => `message ${index}`);
    await Promise.all(texts.map((text) => transcript.appendMessage({ role: 'user', text })));
    await transcript.close();
    const loaded = await loadSession(location, transcript.id);
    expect(loaded.messages.map((message) => message.text)).toEqual(texts);
  });

  it('G5 refuses appends after close', async () => {
    const transcript = await SessionTranscript.create({ ...location, model: 'm' });
    await transcript.close();
    await expect(transcript.appendMessage({ role: 'user', text: 'late' })).rejects.toMatchObject({
      code: 'session_closed',
    });
  });

  it('G5 files a project reached through a link under the same hash', async () => {
    const link = join(location.home, 'project-link');
    await symlink(location.projectRoot, link);
    expect(await projectHash(link)).toBe(await projectHash(location.projectRoot));
  });

  it('G5 makes time-sortable ids', () => {
    const first = createSessionId(new Date('2026-01-02T03:04:05Z'));
    const second = createSessionId(new Date('2026-01-02T03:04:06Z'));
    expect(first).toMatch(SESSION_ID_PATTERN);
    expect(first.startsWith('20260102-030405-')).toBe(true);
    expect(first < second).toBe(true);
  });
});
