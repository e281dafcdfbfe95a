/**
 * The one Drizzle schema of the platform database, shared by embedded PGlite and PostgreSQL (SPEC
 * Y12). `drizzle-kit generate` turns it into the SQL migrations under `packages/server/migrations/`;
 * every change here needs a new generated migration committed beside it.
 *
 * Everything processes must agree on lives here (SPEC Y16): sessions, tokens, login attempts,
 * drafts and the skill index, so any number of `skilldock serve` processes share one database.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Departments users belong to; share scopes name them (SPEC Y1, Y3). */
export const departments = pgTable('departments', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

/** Accounts. `username` is stored lower-cased; `passwordHash` is an scrypt record (see `hash-password.ts`). */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull().unique(),
    displayName: text('display_name').notNull(),
    role: text('role', { enum: ['superadmin', 'admin', 'user'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('users_role_check', sql`${table.role} in ('superadmin', 'admin', 'user')`)],
);

/** Which departments a user belongs to. */
export const memberships = pgTable(
  'memberships',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departmentId: text('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.departmentId] }),
    index('memberships_department_idx').on(table.departmentId),
  ],
);

/** Cookie sessions. The cookie holds a random secret; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** API tokens: shown once, stored as SHA-256, limited to their scopes, revocable, optionally expiring. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The token's scopes (`TOKEN_SCOPES`), in their canonical order; never empty. */
    scopes: text('scopes').array().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When the token stops working; null: until revoked. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    index('api_tokens_user_idx').on(table.userId),
    check('api_tokens_scopes_check', sql`cardinality(${table.scopes}) > 0`),
  ],
);

/** Every login attempt, for the per-account and per-address rate limits; `succeeded` is null while pending. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    account: text('account').notNull(),
    address: text('address').notNull(),
    succeeded: boolean('succeeded'),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_attempts_account_idx').on(table.account, table.attemptedAt),
    index('login_attempts_address_idx').on(table.address, table.attemptedAt),
  ],
);

/**
 * The skill index (SPEC Y2): one row per builtin, shared or agent-bound skill (personal skills
 * have none). `contentRef` names the immutable content package folder under the data folder;
 * `readScope`/`manageScope` say which kind of scope applies and `skill_scope_members` lists who.
 */
export const skills = pgTable(
  'skills',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['builtin', 'shared', 'agent-bound'] }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    version: text('version').notNull().default('1.0.0'),
    enabled: boolean('enabled').notNull().default(true),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    agentId: text('agent_id'),
    contentRef: text('content_ref'),
    contentHash: text('content_hash'),
    toolDependencies: jsonb('tool_dependencies').$type<string[]>().notNull().default([]),
    mcpDependencies: jsonb('mcp_dependencies').$type<string[]>().notNull().default([]),
    skillDependencies: jsonb('skill_dependencies').$type<string[]>().notNull().default([]),
    readScope: text('read_scope', { enum: ['global', 'departments', 'users'] })
      .notNull()
      .default('global'),
    manageScope: text('manage_scope', { enum: ['global', 'departments', 'users'] })
      .notNull()
      .default('users'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('skills_kind_idx').on(table.kind),
    // An agent's bound skill is found by its agent (SPEC Y6): at most one agent-bound row per agent.
    uniqueIndex('skills_agent_bound_idx').on(table.agentId).where(sql`${table.kind} = 'agent-bound'`),
    check('skills_kind_check', sql`${table.kind} in ('builtin', 'shared', 'agent-bound')`),
    check('skills_read_scope_check', sql`${table.readScope} in ('global', 'departments', 'users')`),
    check('skills_manage_scope_check', sql`${table.manageScope} in ('global', 'departments', 'users')`),
  ],
);

/** The columns of a scope member row: which scope, and one department or one user. */
const scopeMemberColumns = () => ({
  scope: text('scope', { enum: ['read', 'manage'] }).notNull(),
  departmentId: text('department_id').references(() => departments.id, { onDelete: 'cascade' }),
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
});

/** The indexes and checks of the scope member table `name` whose rows belong to `owner` (a skill or an agent). */
function scopeMemberConstraints(
  name: string,
  owner: AnyPgColumn,
  table: { scope: AnyPgColumn; departmentId: AnyPgColumn; userId: AnyPgColumn },
) {
  return [
    uniqueIndex(`${name}_department_idx`)
      .on(owner, table.scope, table.departmentId)
      .where(sql`${table.departmentId} is not null`),
    uniqueIndex(`${name}_user_idx`)
      .on(owner, table.scope, table.userId)
      .where(sql`${table.userId} is not null`),
    index(`${name}_by_department_idx`).on(table.departmentId),
    index(`${name}_by_user_idx`).on(table.userId),
    check(`${name}_scope_check`, sql`${table.scope} in ('read', 'manage')`),
    check(`${name}_one_subject_check`, sql`(${table.departmentId} is null) <> (${table.userId} is null)`),
  ];
}

/** The departments or users a skill's read or manage scope names (exactly one of the two per row). */
export const skillScopeMembers = pgTable(
  'skill_scope_members',
  {
    skillId: text('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    ...scopeMemberColumns(),
  },
  (table) => scopeMemberConstraints('skill_scope_members', table.skillId, table),
);

/** Install drafts (SPEC P6, Y4): prepared, not yet confirmed; they expire. */
export const drafts = pgTable(
  'drafts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('drafts_user_idx').on(table.userId)],
);

/** Admin settings (SPEC Y9 `allowed_hosts` and later ones), one JSON value per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who changed what, when (SPEC Y14). The actor is copied by value (`actorName`) and not a foreign
 * key, so the log outlives the accounts it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    requestId: text('request_id'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_actor_idx').on(table.actorId),
    index('audit_log_action_idx').on(table.action),
    index('audit_log_target_idx').on(table.targetType, table.targetId),
  ],
);

/**
 * Start-up work that changed the database (a migration applied, a builtin sync that changed
 * rows), one row each: how several processes starting at once show they did it once.
 */
export const systemEvents = pgTable('system_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  kind: text('kind').notNull(),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
});

/**
 * One row (`id = 1`) whose `value` grows whenever anything that decides who may read which skill
 * changes: the skills, their scope members, users, departments or memberships. Triggers in the
 * migration bump it once per transaction, at commit time (a deferred constraint trigger, so it is
 * the last lock a writer takes and no two writers can deadlock over it). A process may cache an
 * answer that depends only on those tables under the value it read before asking, and serve it
 * until the value moves (SPEC Y3 listings, Y16 many processes).
 */
export const accessGeneration = pgTable(
  'access_generation',
  {
    id: integer('id').primaryKey().default(1),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('access_generation_single_row_check', sql`${table.id} = 1`)],
);

/**
 * Agents (SPEC Y8): a system prompt, a model selector, which skills its runs may use (`"all"`, a
 * list, or `[]` — always intersected with what the running user may read), the ones preloaded, tools,
 * MCP server names, subagents (other agents' ids) and its bound skill. Sharing follows Y3: the owner
 * and `readScope`/`manageScope` with `agent_scope_members`. `builtinKey` names a built-in agent
 * (`assistant`): created once at first initialisation, never deleted.
 */
export const agents = pgTable(
  'agents',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    systemPrompt: text('system_prompt').notNull().default(''),
    model: text('model').notNull().default('inherit'),
    /** `"all"` (the default since issue 26, seed 002: an agent sees every skill its user may read), or ids. */
    skills: jsonb('skills').$type<'all' | string[]>().notNull().default(sql`'"all"'::jsonb`),
    /** `"all"` preloads every selected skill the user may read; else ids (SPEC Y8). */
    preloadSkills: jsonb('preload_skills').$type<'all' | string[]>().notNull().default([]),
    tools: jsonb('tools').$type<string[]>().notNull().default([]),
    mcpServers: jsonb('mcp_servers').$type<string[]>().notNull().default([]),
    subagents: jsonb('subagents').$type<string[]>().notNull().default([]),
    /** With `shell` among its tools, the sandbox keeps the network (SPEC Y17); set by admins only. */
    shellNetwork: boolean('shell_network').notNull().default(false),
    /** The agent's own time and turn limits (SPEC O2); `{}` takes the admins' defaults. */
    runLimits: jsonb('run_limits')
      .$type<{ timeLimitSeconds?: number; maxTurns?: number }>()
      .notNull()
      .default({}),
    boundSkillId: text('bound_skill_id').references(() => skills.id, { onDelete: 'set null' }),
    builtinKey: text('builtin_key').unique(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    readScope: text('read_scope', { enum: ['global', 'departments', 'users'] })
      .notNull()
      .default('users'),
    manageScope: text('manage_scope', { enum: ['global', 'departments', 'users'] })
      .notNull()
      .default('users'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('agents_owner_idx').on(table.ownerId),
    check('agents_read_scope_check', sql`${table.readScope} in ('global', 'departments', 'users')`),
    check('agents_manage_scope_check', sql`${table.manageScope} in ('global', 'departments', 'users')`),
  ],
);

/** The departments or users an agent's read or manage scope names (exactly one of the two per row). */
export const agentScopeMembers = pgTable(
  'agent_scope_members',
  {
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    ...scopeMemberColumns(),
  },
  (table) => scopeMemberConstraints('agent_scope_members', table.agentId, table),
);

/**
 * Model providers configured by admins (SPEC Y18): the protocol, base URL, the model ids offered
 * and the default and fast ones. The key comes from the environment variable `apiKeyEnv`, or is
 * stored in `apiKeyCiphertext` (AES-256-GCM under `SKILLDOCK_SECRET_KEY`, see `secret-box.ts`) —
 * never both, and never in clear.
 */
export const modelProviders = pgTable(
  'model_providers',
  {
    id: text('id').primaryKey(),
    protocol: text('protocol', { enum: ['openai', 'anthropic'] }).notNull(),
    baseUrl: text('base_url'),
    models: jsonb('models').$type<string[]>().notNull().default([]),
    defaultModel: text('default_model').notNull(),
    fastModel: text('fast_model'),
    apiKeyEnv: text('api_key_env'),
    apiKeyCiphertext: text('api_key_ciphertext'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('model_providers_protocol_check', sql`${table.protocol} in ('openai', 'anthropic')`),
    check(
      'model_providers_one_key_source_check',
      sql`${table.apiKeyEnv} is null or ${table.apiKeyCiphertext} is null`,
    ),
  ],
);

/**
 * The released versions of agent-bound skills (SPEC Y6): each names an immutable content package
 * (`revision`, kept from pruning while the row exists) as `YYYYMMDD-<8 hex>`, the date in Beijing
 * time. A release stores no bytes of its own: the package is the skill's saved content. The rows go
 * with their skill, and the skill with its agent.
 */
export const boundSkillVersions = pgTable(
  'bound_skill_versions',
  {
    skillId: text('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    revision: text('revision').notNull(),
    note: text('note').notNull().default(''),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.skillId, table.name] }),
    index('bound_skill_versions_revision_idx').on(table.revision),
  ],
);

/**
 * The saved revisions of shared and personal skills (issue 24 item 3): each names an immutable
 * content package (`revision`, kept from pruning while the row exists) with who saved it and when.
 * A shared skill's rows are found by `skill_id` (`user_id` null) and go when the skill is deleted;
 * a personal skill's by its owner and id (personal skills have no `skills` row) and go with the
 * owner. Only the newest `SKILL_HISTORY_LIMIT` rows of a skill are kept (skill-content/skill-history.ts).
 */
export const skillRevisions = pgTable(
  'skill_revisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    skillKind: text('skill_kind', { enum: ['shared', 'personal'] }).notNull(),
    skillId: text('skill_id').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    revision: text('revision').notNull(),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** `saved` (an edit), `restored` (an earlier revision made current again: same content, same revision), or `baseline` (the content before the first recorded save). */
    action: text('action', { enum: ['saved', 'restored', 'baseline'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('skill_revisions_skill_idx').on(table.skillKind, table.skillId, table.userId, table.id),
    index('skill_revisions_revision_idx').on(table.revision),
    check('skill_revisions_kind_check', sql`${table.skillKind} in ('shared', 'personal')`),
    check('skill_revisions_action_check', sql`${table.action} in ('saved', 'restored', 'baseline')`),
    check(
      'skill_revisions_owner_check',
      sql`(${table.skillKind} = 'personal') = (${table.userId} is not null)`,
    ),
  ],
);

/**
 * Conversations with an agent (SPEC Y8): one user's, never shared. Deleting the user or the agent
 * deletes its conversations with their messages and runs.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    /**
     * Tools the user chose "always allow" for in this conversation (SPEC W4, G3): a later approval
     * request for one of them is allowed without asking. Names come from stored pending approvals.
     */
    alwaysAllowedTools: jsonb('always_allowed_tools').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('conversations_user_idx').on(table.userId, table.updatedAt)],
);

/** The status of a run: waiting for a worker, working, stopped at approvals, or ended. */
export const RUN_STATUSES = [
  'queued',
  'running',
  'waiting_approval',
  'completed',
  'failed',
  'cancelled',
] as const;

/**
 * Runs (SPEC Y8, Y16): one prompt of a conversation, executed by a worker from the job queue.
 * `workerId`/`heartbeatAt` say who runs (or last ran) it and that it is alive (a run whose
 * heartbeat stops ends `failed`, never stuck); `state` holds the resumable `RunState` while
 * approvals wait; `resolved` is what the run resolved at its start (skills, the bound skill's
 * revision), fixed for its lifetime.
 * At most one run per conversation is active (the partial unique index).
 */
export const runs = pgTable(
  'runs',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    status: text('status', { enum: RUN_STATUSES }).notNull().default('queued'),
    error: jsonb('error').$type<{ code: string; message: string }>(),
    state: jsonb('state'),
    resolved: jsonb('resolved'),
    activeSkills: jsonb('active_skills').$type<string[]>().notNull().default([]),
    finalText: text('final_text'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    workerId: text('worker_id'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * While a run is running (SPEC O1): the `seq` of its last event stored with the checkpoint in
     * `state` (the events after it are the partial turn a resumed run says again); null before the
     * first checkpoint and once the run ends or waits for an approval.
     */
    checkpointSeq: integer('checkpoint_seq'),
    /**
     * A failed run's text the model streamed after its last stored message (issue 25): kept so
     * the conversation still shows the partial answer; null otherwise.
     */
    partialText: text('partial_text'),
    /**
     * The ended run this one retries (`POST /api/runs/{id}/retry`): the retried run's messages
     * leave the model's context, the new run answering its prompt again.
     */
    retryOf: text('retry_of').references((): AnyPgColumn => runs.id, { onDelete: 'set null' }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('runs_conversation_idx').on(table.conversationId, table.createdAt),
    index('runs_status_idx').on(table.status, table.heartbeatAt),
    uniqueIndex('runs_one_active_idx')
      .on(table.conversationId)
      .where(sql`${table.status} in ('queued', 'running', 'waiting_approval')`),
    check(
      'runs_status_check',
      sql`${table.status} in ('queued', 'running', 'waiting_approval', 'completed', 'failed', 'cancelled')`,
    ),
  ],
);

/** A conversation's messages in order (`seq` from 1), as the agent loop produced them. */
export const messages = pgTable(
  'messages',
  {
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    runId: text('run_id').references(() => runs.id, { onDelete: 'set null' }),
    message: jsonb('message').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.conversationId, table.seq] })],
);

/**
 * Every event a run streamed (`seq` from 1 per run): the SSE stream replays them, so a client that
 * reconnects with `Last-Event-ID` misses nothing, whichever process it reaches.
 */
export const runEvents = pgTable(
  'run_events',
  {
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.seq] })],
);

/**
 * The run workers alive (SPEC O3): each worker process writes its row every heartbeat while it
 * runs, busy or idle, and deletes it when it stops, so readiness can tell "no worker" from "no
 * work". A row whose heartbeat is old is a worker that died; rows a day old are removed.
 */
export const runWorkers = pgTable('run_workers', {
  /** `startRunWorker`'s id: host, pid and a random part. */
  workerId: text('worker_id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});
