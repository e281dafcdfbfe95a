import { type FSWatcher, watch } from 'node:fs';
import { homedir } from 'node:os';
import { type AgentSettings, findProjectRoot } from '@skilldock/core/discover';
import { UserInputError } from '@skilldock/core/errors';
import {
  compareText,
  type Diagnostic,
  type ModelSelector,
  parseSubagent,
  subagentSchema,
} from '@skilldock/core/format';
import type { ApprovalMode } from '../policy/approval-mode.js';
import { builtinSubagents } from './builtin-subagents.js';
import { readMarkdownFolder } from './read-markdown-folder.js';
import { resolveSubagent } from './resolve-subagent.js';
import { resolveSubagentModel } from './resolve-subagent-model.js';
import { type SubagentFolder, subagentFolders } from './subagent-folders.js';
import {
  type ResolvedSubagent,
  SUBAGENT_LEVELS,
  type SubagentExecutorSpec,
  type SubagentLevel,
  type SubagentRegistry,
} from './subagent-types.js';

/** A subagent given in code: the session level, above every file (SPEC A1). */
export interface SessionSubagentDefinition {
  readonly name: string;
  readonly description: string;
  readonly systemPrompt: string;
  /** A selector string (`fast`, `openai:gpt-4.1`, an alias) or a parsed selector; default inherit. */
  readonly model?: string | ModelSelector;
  readonly approvalMode?: ApprovalMode;
  readonly tools?: readonly string[] | '*';
  readonly disallowedTools?: readonly string[];
  readonly background?: boolean;
  readonly maxTurns?: number;
  readonly maxTimeMs?: number;
  readonly executor?: SubagentExecutorSpec;
}

/** Options of {@link openSubagentRegistry}. */
export interface OpenSubagentRegistryOptions {
  /** The folder worked in; its project root is found as for skills. Or pass `projectRoot`. */
  readonly cwd?: string;
  readonly projectRoot?: string;
  /** Home of the user level (`~/.qwen/agents`, …). Default: the user's home. */
  readonly homeDirectory?: string;
  /** Project agent files load only in a trusted workspace (SPEC D2). */
  readonly trusted: boolean;
  /** No project agents and no external executors (SPEC A11). */
  readonly safeMode?: boolean;
  /** Whether executor-backed agents (`codex`, `acp`) may be used; default `trusted && !safeMode` (SPEC A7). */
  readonly allowExecutors?: boolean;
  /** The session level: definitions given in code. */
  readonly definitions?: readonly SessionSubagentDefinition[];
  /** `agents.modelAliases` and `agents.builtin.exploreModel`. */
  readonly settings?: AgentSettings;
  /** Folders of extension agents (read-only to `/agents manage`). */
  readonly extensionDirectories?: readonly string[];
  /** Tool names that exist, to warn about names no tool has; default ours. */
  readonly knownTools?: readonly string[];
  /** Re-read the folders when a file in them changes (node:fs watch, debounce 150 ms). Default false. */
  readonly watch?: boolean;
}

/** One definition with how it fared against the others of its name. */
export interface SubagentEntry {
  readonly subagent: ResolvedSubagent;
  /** `active` wins its name; `shadowed` lost it to `shadowedBy`; `unavailable` needs what the session lacks. */
  readonly status: 'active' | 'shadowed' | 'unavailable';
  readonly shadowedBy?: ResolvedSubagent;
  /** Why an `unavailable` definition cannot be used. */
  readonly reason?: string;
}

/** A {@link SubagentRegistry} with its folders, every entry, and a lifetime. */
export interface OpenedSubagentRegistry extends SubagentRegistry {
  readonly projectRoot: string;
  /** The folders read, highest precedence first (the project's only when it is loaded). */
  readonly folders: readonly SubagentFolder[];
  /** Every definition read, shadowed and unavailable ones too, in listing order. */
  entries(): readonly SubagentEntry[];
  /** Re-reads the folders now (also done by `get` on a miss, and by the watcher). */
  refresh(): Promise<void>;
  /** Called after every refresh that the watcher started. Returns a function that unsubscribes. */
  subscribe(listener: () => void): () => void;
  /** Stops the watcher. */
  close(): void;
}

/** Where each file definition's `name` is, for the shadowing diagnostics. */
const NAME_POSITIONS = new WeakMap<ResolvedSubagent, { line: number; column: number }>();

const LEVEL_RANK = new Map<SubagentLevel, number>(SUBAGENT_LEVELS.map((level, index) => [level, index]));

/**
 * Opens the subagents a session can start (SPEC A1, A2, A11): session definitions, then project
 * (`.qwen/agents`, `.agents/agents`, `.claude/agents`, trusted workspaces outside safe mode
 * only), user (the same under `~`), extension and built-in. Names match case-insensitively; the
 * first of a name wins and every other is reported as shadowed; every invalid file is reported
 * with file, line and field. A file created while the session runs is found by `get` (one
 * re-read on a miss) and by the watcher.
 * @example
 * const registry = await openSubagentRegistry({ cwd: process.cwd(), trusted: true });
 * const reviewer = await registry.get('Reviewer'); // matches `name: reviewer`
 */
export async function openSubagentRegistry(
  options: OpenSubagentRegistryOptions,
): Promise<OpenedSubagentRegistry> {
  const homeDirectory = options.homeDirectory ?? homedir();
  const projectRoot = options.projectRoot ?? findProjectRoot(options.cwd ?? process.cwd(), { homeDirectory });
  const safeMode = options.safeMode === true;
  const allowExecutors = options.allowExecutors ?? (options.trusted && !safeMode);
  const folders = subagentFolders({
    projectRoot,
    homeDirectory,
    ...(options.extensionDirectories === undefined
      ? {}
      : { extensionDirectories: options.extensionDirectories }),
    includeProject: options.trusted && !safeMode,
  });
  const modelAliases = options.settings?.modelAliases ?? {};
  const session = (options.definitions ?? []).map((definition) => sessionSubagent(definition, modelAliases));
  const builtins = builtinSubagents(options.settings);

  let state = await load();
  let pending: Promise<void> | undefined;
  const refresh = () => {
    pending ??= load().then(
      (next) => {
        state = next;
        pending = undefined;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };

  async function load() {
    const read: ResolvedSubagent[] = [];
    const diagnostics: Diagnostic[] = [];
    for (const folder of folders) {
      const { files, diagnostics: folderDiagnostics } = await readMarkdownFolder(folder.directory, {
        kind: 'agent file',
      });
      diagnostics.push(...folderDiagnostics);
      for (const { file, bytes } of files) {
        const parsed = parseSubagent(bytes, { file });
        if (!parsed.ok) {
          diagnostics.push(...parsed.diagnostics);
          continue;
        }
        const subagent = resolveSubagent(parsed.subagent, {
          level: folder.level,
          file,
          modelAliases,
          diagnostics: parsed.diagnostics,
          ...(options.knownTools === undefined ? {} : { knownTools: options.knownTools }),
        });
        const namePosition = parsed.subagent.positions.name;
        if (namePosition !== undefined) NAME_POSITIONS.set(subagent, namePosition);
        read.push(subagent);
      }
    }
    return arrange([...session, ...read, ...builtins], diagnostics, allowExecutors, safeMode);
  }

  const listeners = new Set<() => void>();
  const watchers: FSWatcher[] = [];
  if (options.watch === true) {
    let timer: NodeJS.Timeout | undefined;
    const changed = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        refresh().then(
          () => {
            for (const listener of listeners) listener();
          },
          () => undefined,
        );
      }, 150);
      timer.unref();
    };
    for (const folder of folders) {
      try {
        const watcher = watch(folder.directory, { persistent: false }, changed);
        watcher.on('error', () => watcher.close());
        watchers.push(watcher);
      } catch {
        // A folder that does not exist yet: `get` re-reads on a miss.
      }
    }
  }

  return {
    projectRoot,
    folders,
    list: () => state.active,
    entries: () => state.entries,
    diagnostics: () => state.diagnostics,
    async get(name) {
      const key = name.toLowerCase();
      const found = state.byName.get(key);
      if (found !== undefined) return found;
      await refresh();
      return state.byName.get(key);
    },
    refresh,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      for (const watcher of watchers) watcher.close();
      watchers.length = 0;
      listeners.clear();
    },
  };
}

/** Winners, shadowed and unavailable definitions, in the one order: level, then name. */
function arrange(
  definitions: readonly ResolvedSubagent[],
  readDiagnostics: readonly Diagnostic[],
  allowExecutors: boolean,
  safeMode: boolean,
) {
  const ordered = [...definitions].sort(
    (first, second) =>
      (LEVEL_RANK.get(first.level) ?? 0) - (LEVEL_RANK.get(second.level) ?? 0) ||
      compareText(first.name.toLowerCase(), second.name.toLowerCase()),
  ); // Stable: within a level and name, folder order (`.qwen`, `.agents`, `.claude`) decides.
  const byName = new Map<string, ResolvedSubagent>();
  const entries: SubagentEntry[] = [];
  const diagnostics: Diagnostic[] = [...readDiagnostics];
  for (const subagent of ordered) {
    diagnostics.push(...subagent.diagnostics);
    const where = {
      ...(subagent.file === undefined ? {} : { file: subagent.file, ...NAME_POSITIONS.get(subagent) }),
      path: ['name'],
    };
    if (subagent.executor !== undefined && !allowExecutors) {
      const reason = safeMode
        ? 'external executors are off in safe mode'
        : 'external executors need a trusted workspace';
      entries.push({ subagent, status: 'unavailable', reason });
      diagnostics.push({
        code: 'subagent_executor_unavailable',
        severity: 'info',
        message: `'${subagent.name}' (${subagent.executor.kind}) is not available: ${reason}`,
        ...where,
      });
      continue;
    }
    const key = subagent.name.toLowerCase();
    const winner = byName.get(key);
    if (winner === undefined) {
      byName.set(key, subagent);
      entries.push({ subagent, status: 'active' });
      continue;
    }
    entries.push({ subagent, status: 'shadowed', shadowedBy: winner });
    const conflict = winner.level === 'session' && subagent.level !== 'builtin';
    diagnostics.push({
      code: conflict ? 'subagent_session_conflict' : 'subagent_shadowed',
      severity: conflict ? 'error' : 'info',
      message: conflict
        ? `'${subagent.name}' collides with a subagent defined by the session; rename one of them (the session's is used)`
        : `'${subagent.name}' (${describe(subagent)}) is shadowed by '${winner.name}' (${describe(winner)})`,
      ...where,
    });
  }
  const active = Object.freeze(
    entries.filter((entry) => entry.status === 'active').map((entry) => entry.subagent),
  );
  return { active, entries: Object.freeze(entries), byName, diagnostics: Object.freeze(diagnostics) };
}

function describe(subagent: ResolvedSubagent): string {
  return subagent.file === undefined ? subagent.level : `${subagent.level}, ${subagent.file}`;
}

/** A session definition, checked like a file's name and description and frozen. */
function sessionSubagent(
  definition: SessionSubagentDefinition,
  modelAliases: Readonly<Record<string, string>>,
): ResolvedSubagent {
  const checked = subagentSchema.safeParse({ name: definition.name, description: definition.description });
  if (!checked.success) {
    throw new UserInputError(
      'invalid_subagent_definition',
      `The subagent ${JSON.stringify(definition.name)} given in code is invalid: ${checked.error.issues
        .map((issue) => `'${issue.path.join('.')}' ${issue.message}`)
        .join('; ')}`,
      { details: { name: definition.name } },
    );
  }
  const { model, disallowedTools, background, ...rest } = definition;
  return Object.freeze({
    ...rest,
    level: 'session',
    model: typeof model === 'object' ? model : resolveSubagentModel(model, modelAliases),
    disallowedTools: disallowedTools ?? [],
    background: background ?? definition.executor === undefined,
    diagnostics: [],
  });
}
