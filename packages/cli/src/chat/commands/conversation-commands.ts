import { pc } from '../../terminal-style.js';
import type { ChatContext, SlashCommand } from '../chat-context.js';

/** `/clear`: closes the conversation and starts a new one (and a new transcript). */
export const clearCommand: SlashCommand = {
  name: 'clear',
  usage: '/clear',
  help: 'start a new conversation (and transcript)',
  async run(chat) {
    await chat.conversation.close();
    chat.approvals.reset();
    chat.conversation = await chat.open(undefined);
    chat.say(pc.dim(`New conversation (session ${chat.conversation.transcript.id}).`));
    return undefined;
  },
};

/** `/resume [id]`: lists this project's saved sessions, or continues one (`latest` is the newest). */
export const resumeCommand: SlashCommand = {
  name: 'resume',
  usage: '/resume [id]',
  help: 'list saved sessions, or continue one',
  async run(chat, argument) {
    if (argument === '') await listSavedSessions(chat);
    else if ((await resolveSessionId(chat, argument)) === chat.conversation.transcript.id) {
      // Reopening it would load the transcript a second time and drop active skills and approvals.
      chat.say(pc.dim(`Session ${chat.conversation.transcript.id} is already open; nothing to resume.`));
    } else {
      try {
        const next = await chat.open(argument);
        await chat.conversation.close();
        chat.approvals.reset();
        chat.conversation = next;
        chat.say(pc.dim(`Resumed session ${argument} (${next.resumed?.messageCount ?? 0} messages).`));
        for (const entry of next.notices) chat.notice(entry);
      } catch (error) {
        chat.say(`${pc.red('error')} ${(error as Error).message}`);
      }
    }
    return undefined;
  },
};

/** Where the workspace's sessions are saved. */
function sessionLocation(chat: ChatContext) {
  return { home: chat.workspace.homeDirectory, projectRoot: chat.workspace.projectRoot };
}

async function listSavedSessions(chat: ChatContext): Promise<void> {
  const sessions = await chat.agent.listSessions(sessionLocation(chat));
  if (sessions.length === 0) chat.say(pc.dim('No saved sessions for this project.'));
  for (const session of sessions.slice(0, 20)) {
    chat.say(
      `  ${session.id}  ${pc.dim(`${session.turns} turn${session.turns === 1 ? '' : 's'}`)}  ${session.error ?? session.preview}`,
    );
  }
}

/** The id `/resume <argument>` names: `latest` is the most recent readable session. */
async function resolveSessionId(chat: ChatContext, argument: string): Promise<string | undefined> {
  if (argument !== 'latest') return argument;
  const sessions = await chat.agent.listSessions(sessionLocation(chat)).catch(() => []);
  return sessions.find((session) => session.error === undefined)?.id;
}
