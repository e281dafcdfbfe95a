import { execFileSync } from 'node:child_process';
import { appendFile, readFile, rm, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSession } from '../../src/session/load-session.js';
import { SessionTranscript } from '../../src/session/session-transcript.js';
import { makeSessionHome, type SessionTestHome } from './session-test-home.js';

describe('damaged transcripts', () => {
  let location: SessionTestHome;
  let transcript: SessionTranscript;
  beforeEach(async () => {
    location = await makeSessionHome();
    transcript = await SessionTranscript.create({ ...location, model: 'm' });
    await transcript.appendMessage({ role: 'user', text: 'first', origin: 'prompt' });
    await transcript.appendMessage({ role: 'assistant', text: 'answer' });
    await transcript.close();
  });
  afterEach(() => location.cleanup());

  it('G5 tolerates an unfinished last line from a crash mid-write', async () => {
    await appendFile(
      transcript.file,
      '{"type":"message","at":"2026-11-30T10:00:00.000Z","message":{"role":"user","te',
    );
    const loaded = await loadSession(location, transcript.id);
    expect(loaded.truncatedLastLine).toBe(true);
    expect(loaded.messages.map((message) => message.text)).toEqual(['first', 'answer']);
  });

  it('G5 resumes after a crash: the unfinished line is cut and new lines follow cleanly', async () => {
    await appendFile(transcript.file, '{"type":"message","at":"2026-11-3');
    const { transcript: resumed, loaded } = await SessionTranscript.resume({ ...location, id: 'latest' });
    expect(resumed.id).toBe(transcript.id);
    expect(loaded.messages).toHaveLength(2);
    await resumed.appendMessage({ role: 'user', text: 'again', origin: 'prompt' });
    await resumed.close();
    const reloaded = await loadSession(location, transcript.id);
    expect(reloaded.truncatedLastLine).toBe(false);
    expect(reloaded.messages.map((message) => message.text)).toEqual(['first', 'answer', 'again']);
  });

  it('G5 is strict about a broken line in the middle, naming file and line', async () => {
    const lines = (await readFile(transcript.file, 'utf8')).split('\n');
    lines[1] = '{not json';
    await writeFile(transcript.file, lines.join('\n'));
    await expect(loadSession(location, transcript.id)).rejects.toMatchObject({
      code: 'session_corrupt',
      message: `${transcript.file}:2: invalid JSON`,
    });
  });

  it('G5 is strict about a record of the wrong shape', async () => {
    await appendFile(transcript.file, '{"type":"message","at":"x","message":{"role":"robot","text":"hi"}}\n');
    await expect(loadSession(location, transcript.id)).rejects.toMatchObject({
      code: 'session_corrupt',
      message: expect.stringContaining(`${transcript.file}:4: invalid record`),
    });
  });

  it('G5 refuses a transcript written by a newer format', async () => {
    const lines = (await readFile(transcript.file, 'utf8')).split('\n');
    lines[0] = lines[0]!.replace('"version":1', '"version":99');
    await writeFile(transcript.file, lines.join('\n'));
    await expect(loadSession(location, transcript.id)).rejects.toMatchObject({
      code: 'session_corrupt',
      message: expect.stringContaining('newer Skilldock'),
    });
  });
});

describe('a transcript that is not a regular file', () => {
  let location: SessionTestHome;
  afterEach(() => location.cleanup());

  it('SEC4 a FIFO in place of a transcript is refused at once, never read (no hang)', async () => {
    location = await makeSessionHome();
    const transcript = await SessionTranscript.create({ ...location, model: 'm' });
    await transcript.appendMessage({ role: 'user', text: 'first', origin: 'prompt' });
    await transcript.close();
    await rm(transcript.file);
    execFileSync('mkfifo', [transcript.file]);
    await expect(loadSession(location, transcript.id)).rejects.toMatchObject({
      code: 'session_not_a_file',
      message: expect.stringContaining('is not a regular file'),
    });
    // `--resume` (latest) skips it as unreadable rather than waiting for a writer.
    await expect(SessionTranscript.resume({ ...location, id: 'latest' })).rejects.toMatchObject({
      code: 'session_not_found',
    });
  }, 10_000);
});
