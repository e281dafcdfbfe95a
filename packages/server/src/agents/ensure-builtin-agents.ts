import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { AdvisoryLockKey } from '../db/advisory-lock-keys.js';
import type { Database } from '../db/database.js';
import { agents, systemEvents } from '../db/schema.js';
import { STANDARD_AGENT_TOOLS } from './standard-agent-tools.js';

/** The key of the default agent every platform starts with (SPEC Y8). */
export const ASSISTANT_AGENT_KEY = 'assistant';

const ASSISTANT_PROMPT = `You are the team's assistant on Skilldock. Answer clearly and briefly, in the user's language.
Use the skills you are given when they fit the task, and say which one you used. Never invent data,
sources, numbers or image URLs: when you do not know, say so. When a chart, table or card helps,
answer with the widgets the chat-widgets skill describes.`;

/** What {@link ensureBuiltinAgents} did. */
export interface BuiltinAgentsResult {
  /** The keys of the built-in agents this call created (empty on every start after the first). */
  readonly created: readonly string[];
}

/**
 * Creates the built-in agents at the database's first initialisation only (SPEC Y8): the default
 * `assistant` (every skill its user may read, `chat-widgets` preloaded, file tools, no shell),
 * readable by everyone and maintained by the superadmin. It runs under its own advisory lock and
 * records a `builtin_agent_created` system event, so processes starting at once create it once, and
 * a later start never creates it again.
 */
export async function ensureBuiltinAgents(database: Database): Promise<BuiltinAgentsResult> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AdvisoryLockKey.builtinAgents})`);
    const [done] = await tx
      .select({ id: systemEvents.id })
      .from(systemEvents)
      .where(eq(systemEvents.kind, 'builtin_agent_created'))
      .limit(1);
    if (done !== undefined) return { created: [] };
    const id = randomUUID();
    await tx.insert(agents).values({
      id,
      name: 'Assistant',
      description: 'The default assistant: uses the skills you may read and answers with chat widgets.',
      systemPrompt: ASSISTANT_PROMPT,
      model: 'inherit',
      skills: 'all',
      preloadSkills: ['chat-widgets'],
      tools: [...STANDARD_AGENT_TOOLS],
      builtinKey: ASSISTANT_AGENT_KEY,
      ownerId: null,
      readScope: 'global',
      manageScope: 'users',
    });
    await tx
      .insert(systemEvents)
      .values({ kind: 'builtin_agent_created', details: { key: ASSISTANT_AGENT_KEY, agentId: id } });
    return { created: [ASSISTANT_AGENT_KEY] };
  });
}
