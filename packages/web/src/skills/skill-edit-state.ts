import type { components } from '../api/generated/openapi';

/** One edit of a save (`POST /api/skills/{id}/save`). */
export type SkillEdit = components['schemas']['SkillEdit'];
/** The three dependency lists of a skill's frontmatter. */
export interface SkillDependencies {
  readonly tools: readonly string[];
  readonly mcpServers: readonly string[];
  readonly skills: readonly string[];
}

/** A file's text as loaded from the server (`original`) and as the user has it now (`content`). */
export interface FileDraft {
  /** The text at `baseRevision`; `null` for a file created in this editing session. */
  readonly original: string | null;
  readonly content: string;
}

/** A change to the tree that is not a file's text. */
export type StructuralEdit =
  | { readonly type: 'create'; readonly path: string }
  | { readonly type: 'mkdir'; readonly path: string }
  | { readonly type: 'rename'; readonly from: string; readonly to: string }
  | { readonly type: 'delete'; readonly path: string };

/**
 * Everything the user changed since `baseRevision`, kept apart from the server's data so that
 * switching files or tabs, a refused save and a conflict never lose an edit.
 */
export interface SkillEditState {
  readonly baseRevision: string;
  /** Loaded or created text files, by their current path. */
  readonly files: Readonly<Record<string, FileDraft>>;
  readonly structure: readonly StructuralEdit[];
  /** The dependency lists as edited, or null while untouched. */
  readonly dependencies: SkillDependencies | null;
}

/** A fresh state at a revision, with nothing changed. */
export function initialEditState(baseRevision: string): SkillEditState {
  return { baseRevision, files: {}, structure: [], dependencies: null };
}

export type EditAction =
  | { readonly type: 'loaded'; readonly path: string; readonly content: string }
  | { readonly type: 'changed'; readonly path: string; readonly content: string }
  | { readonly type: 'created'; readonly path: string; readonly content?: string }
  | { readonly type: 'madeDirectory'; readonly path: string }
  | { readonly type: 'renamed'; readonly from: string; readonly to: string }
  | { readonly type: 'deleted'; readonly path: string }
  | { readonly type: 'dependenciesChanged'; readonly dependencies: SkillDependencies }
  | { readonly type: 'saved'; readonly revision: string }
  | { readonly type: 'rebased'; readonly revision: string; readonly state: SkillEditState };

function renamePath(path: string, from: string, to: string): string {
  if (path === from) return to;
  return path.startsWith(`${from}/`) ? `${to}${path.slice(from.length)}` : path;
}

function underPath(path: string, root: string): boolean {
  return path === root || path.startsWith(`${root}/`);
}

/** The editor's reducer: every user action becomes part of the pending save. */
export function editReducer(state: SkillEditState, action: EditAction): SkillEditState {
  switch (action.type) {
    case 'loaded':
      // A file loaded again (another tab, a refetch) never replaces what the user typed.
      if (state.files[action.path] !== undefined) return state;
      return {
        ...state,
        files: { ...state.files, [action.path]: { original: action.content, content: action.content } },
      };
    case 'changed': {
      const file = state.files[action.path];
      if (file === undefined) return state;
      return { ...state, files: { ...state.files, [action.path]: { ...file, content: action.content } } };
    }
    case 'created':
      return {
        ...state,
        files: { ...state.files, [action.path]: { original: null, content: action.content ?? '' } },
        structure: [...state.structure, { type: 'create', path: action.path }],
      };
    case 'madeDirectory':
      return { ...state, structure: [...state.structure, { type: 'mkdir', path: action.path }] };
    case 'renamed': {
      const files: Record<string, FileDraft> = {};
      for (const [path, file] of Object.entries(state.files))
        files[renamePath(path, action.from, action.to)] = file;
      return {
        ...state,
        files,
        structure: [...state.structure, { type: 'rename', from: action.from, to: action.to }],
      };
    }
    case 'deleted': {
      const files = Object.fromEntries(
        Object.entries(state.files).filter(([path]) => !underPath(path, action.path)),
      );
      return { ...state, files, structure: [...state.structure, { type: 'delete', path: action.path }] };
    }
    case 'dependenciesChanged':
      return { ...state, dependencies: action.dependencies };
    case 'saved':
      return initialEditState(action.revision);
    case 'rebased':
      return { ...action.state, baseRevision: action.revision };
  }
}

/** The paths whose text differs from what was loaded (new files included). */
export function changedFiles(state: SkillEditState): string[] {
  return Object.entries(state.files)
    .filter(([, file]) => file.original !== file.content)
    .map(([path]) => path)
    .sort();
}

/** Whether anything would be saved. */
export function isDirty(state: SkillEditState): boolean {
  return state.structure.length > 0 || state.dependencies !== null || changedFiles(state).length > 0;
}

/**
 * The edits of one save, in the order the server applies them: the tree changes as made, then
 * the text of every created or changed file, then the dependency lists (which rewrite SKILL.md's
 * frontmatter, so they come after its text).
 */
export function toSaveEdits(state: SkillEditState): SkillEdit[] {
  const edits: SkillEdit[] = [];
  const created = new Set<string>();
  for (const edit of state.structure) {
    if (edit.type === 'create') {
      created.add(edit.path);
      edits.push({ type: 'create', path: edit.path, content: '', encoding: 'utf8' });
    } else if (edit.type === 'rename') {
      for (const path of [...created]) {
        if (underPath(path, edit.from)) {
          created.delete(path);
          created.add(renamePath(path, edit.from, edit.to));
        }
      }
      edits.push({ type: 'rename', from: edit.from, to: edit.to });
    } else if (edit.type === 'delete') {
      for (const path of [...created]) if (underPath(path, edit.path)) created.delete(path);
      edits.push({ type: 'delete', path: edit.path });
    } else {
      edits.push({ type: 'mkdir', path: edit.path });
    }
  }
  for (const path of changedFiles(state)) {
    const file = state.files[path]!;
    if (file.original === null && file.content === '' && created.has(path)) continue;
    edits.push({ type: 'write', path, content: file.content, encoding: 'utf8' });
  }
  if (state.dependencies !== null) {
    edits.push({
      type: 'dependencies',
      tools: [...state.dependencies.tools],
      mcpServers: [...state.dependencies.mcpServers],
      skills: [...state.dependencies.skills],
    });
  }
  return edits;
}

/** Where "keep mine as a copy" puts a file: `SKILL.md` → `SKILL.mine.md`, `run.sh` → `run.mine.sh`. */
export function copyPath(path: string, taken: ReadonlySet<string>): string {
  const slash = path.lastIndexOf('/');
  const folder = path.slice(0, slash + 1);
  const name = path.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : '';
  for (let attempt = 1; ; attempt += 1) {
    const candidate = `${folder}${stem}.mine${attempt === 1 ? '' : `-${attempt}`}${extension}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * "Keep mine as a copy" after a conflict: the server's revision becomes the base, and each file
 * the user changed is created beside the server's version under {@link copyPath}, so nothing
 * typed is lost and nothing of theirs is overwritten.
 */
export function keepMineAsCopies(
  state: SkillEditState,
  revision: string,
  existingPaths: ReadonlySet<string>,
): SkillEditState {
  let next = initialEditState(revision);
  const taken = new Set(existingPaths);
  for (const path of changedFiles(state)) {
    const target = copyPath(path, taken);
    taken.add(target);
    next = editReducer(next, { type: 'created', path: target, content: state.files[path]!.content });
  }
  return next;
}

/** An entry of the tree as the editor shows it. */
export interface TreeEntry {
  readonly path: string;
  readonly type: 'file' | 'directory';
}

/** The server's tree with the pending tree changes applied, sorted by path. */
export function applyStructure(
  entries: readonly TreeEntry[],
  structure: readonly StructuralEdit[],
): TreeEntry[] {
  const tree = new Map(entries.map((entry) => [entry.path, entry]));
  for (const edit of structure) {
    if (edit.type === 'create') tree.set(edit.path, { path: edit.path, type: 'file' });
    else if (edit.type === 'mkdir') tree.set(edit.path, { path: edit.path, type: 'directory' });
    else if (edit.type === 'delete') {
      for (const path of [...tree.keys()]) if (underPath(path, edit.path)) tree.delete(path);
    } else {
      for (const [path, entry] of [...tree]) {
        if (!underPath(path, edit.from)) continue;
        tree.delete(path);
        const moved = renamePath(path, edit.from, edit.to);
        tree.set(moved, { ...entry, path: moved });
      }
    }
  }
  return [...tree.values()].sort((a, b) => a.path.localeCompare(b.path));
}

/** Where a file shown at `path` lives at the base revision, or null when it was created since. */
export function basePath(state: SkillEditState, path: string): string | null {
  let current = path;
  for (let index = state.structure.length - 1; index >= 0; index -= 1) {
    const edit = state.structure[index]!;
    if (edit.type === 'create' && edit.path === current) return null;
    if (edit.type === 'rename' && underPath(current, edit.to))
      current = renamePath(current, edit.to, edit.from);
  }
  return current;
}
