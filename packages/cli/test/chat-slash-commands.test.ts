import { describe, expect, it } from 'vitest';
import type { ChatContext } from '../src/chat/chat-context.js';
import { completeSlash, findSlashCommand, SLASH_COMMANDS } from '../src/chat/slash-commands.js';

describe('the chat slash-command table', () => {
  it('R9 finds each command by its name, /exit as /quit, and nothing for a skill id', () => {
    for (const command of SLASH_COMMANDS) expect(findSlashCommand(command.name)).toBe(command);
    expect(findSlashCommand('exit')?.name).toBe('quit');
    expect(findSlashCommand('release-notes')).toBeUndefined();
    expect(findSlashCommand('')).toBeUndefined();
  });

  it('R9 lists the commands in help order, each with a usage that starts with its name', () => {
    expect(SLASH_COMMANDS.map((command) => command.name)).toEqual([
      'help',
      'skills',
      'agents',
      'curator',
      'learn',
      'model',
      'clear',
      'resume',
      'quit',
    ]);
    for (const command of SLASH_COMMANDS) expect(command.usage.startsWith(`/${command.name}`)).toBe(true);
    expect(new Set(SLASH_COMMANDS.map((command) => command.name)).size).toBe(SLASH_COMMANDS.length);
  });

  it('R9 a command in the table is completed and runs: /quit ends the chat, /help prints the table', async () => {
    expect(completeSlash('/q', [])).toEqual([['/quit'], '/q']);
    expect(completeSlash('/re', ['release-notes'])).toEqual([['/release-notes', '/resume'], '/re']);
    expect(completeSlash('/model x', [])).toEqual([[], '/model x']);
    const lines: string[] = [];
    // /help and /quit use only the table and the printer; the others run in chat.test.ts's terminal.
    const chat = { commands: SLASH_COMMANDS, say: (text: string) => lines.push(text) };
    const run = (name: string) => findSlashCommand(name)!.run(chat as unknown as ChatContext, '');
    expect(await run('quit')).toBe('quit');
    expect(await run('help')).toBeUndefined();
    for (const command of SLASH_COMMANDS) expect(lines.join('\n')).toContain(command.usage);
  });
});
