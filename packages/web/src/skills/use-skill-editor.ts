import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useApi } from '../api/api-context';
import type { ConflictChoice } from './conflict-dialog';
import type { FileTreeActions } from './file-tree';
import {
  contentKey,
  fetchTree,
  isConflict,
  type SkillKind,
  type SkillTree,
  saveSkill,
} from './skill-content-api';
import {
  applyStructure,
  changedFiles,
  type EditAction,
  editReducer,
  initialEditState,
  isDirty,
  keepMineAsCopies,
  type SkillEditState,
} from './skill-edit-state';
import type { SkillEditorStatus } from './skill-editor-status';
import { SKILLS_QUERY_KEY } from './skill-queries';
import { useFileDraft } from './use-file-draft';
import { useSkillTextReading } from './use-skill-text-reading';

/** The file every skill has, opened first: its frontmatter is checked live and holds the dependencies. */
export const SKILL_FILE = 'SKILL.md';

/** What {@link useSkillEditor} needs: the skill, its tree as loaded, and who hears of its status. */
export interface SkillEditorOptions {
  readonly kind: SkillKind;
  readonly id: string;
  readonly tree: SkillTree;
  readonly onStatusChange?: ((status: SkillEditorStatus) => void) | undefined;
}

/**
 * The state of a skill's editor (SPEC W2): the edits over the loaded tree, the open file and
 * SKILL.md loaded on demand with SKILL.md's live reading and dependencies, the file tree's actions,
 * the save (one request for all edits; a 409 opens the conflict) and the conflict's three ways on.
 */
export function useSkillEditor({ kind, id, tree, onStatusChange }: SkillEditorOptions) {
  const { api } = useApi();
  const queryClient = useQueryClient();
  const [edit, setEdit] = useState<SkillEditState>(() => initialEditState(tree.revision));
  // The tree the edits are based on: it moves only when a save lands or the user takes theirs.
  const [loadedTree, setLoadedTree] = useState<SkillTree>(tree);
  const [selected, setSelected] = useState<string>(SKILL_FILE);
  const [saveError, setSaveError] = useState<Error | null>(null);
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const dispatch = useCallback((action: EditAction) => {
    if (action.type !== 'loaded') setSaved(false);
    setEdit((state) => editReducer(state, action));
  }, []);

  const entries = useMemo(
    () =>
      applyStructure(
        loadedTree.entries.map((entry) => ({ path: entry.path, type: entry.type })),
        edit.structure,
      ),
    [loadedTree, edit.structure],
  );
  const changed = useMemo(() => new Set(changedFiles(edit)), [edit]);
  const dirty = isDirty(edit);
  useEffect(() => {
    onStatusChange?.({ dirty, baseRevision: edit.baseRevision });
  }, [onStatusChange, dirty, edit.baseRevision]);

  // Loads a file the first time it is needed (SKILL.md always, for the diagnostics and dependencies).
  const skillFile = useFileDraft(kind, id, edit, SKILL_FILE, loadedTree.revision, dispatch);
  const openFile = useFileDraft(kind, id, edit, selected, loadedTree.revision, dispatch);

  const reading = useSkillTextReading(edit.files[SKILL_FILE]?.content);
  const dependencies = edit.dependencies ??
    reading?.dependencies ?? { tools: [], mcpServers: [], skills: [] };

  const refreshAfter = async (next: SkillTree) => {
    setLoadedTree(next);
    queryClient.setQueryData([...contentKey(kind, id), 'tree'], next);
    await queryClient.invalidateQueries({ queryKey: SKILLS_QUERY_KEY });
  };

  const save = async (state: SkillEditState) => {
    setSaving(true);
    setSaveError(null);
    try {
      const result = await saveSkill(api, kind, id, state);
      const next = await fetchTree(api, kind, id);
      setEdit(initialEditState(result.revision));
      await refreshAfter(next);
      if (!next.entries.some((entry) => entry.path === selected)) setSelected(SKILL_FILE);
      setSaved(true);
    } catch (error) {
      if (isConflict(error)) setConflict(true);
      else setSaveError(error as Error);
    } finally {
      setSaving(false);
    }
  };

  const treeActions: FileTreeActions = {
    onOpen: setSelected,
    onCreate: (path) => {
      dispatch({ type: 'created', path });
      setSelected(path);
    },
    onMkdir: (path) => dispatch({ type: 'madeDirectory', path }),
    onRename: (from, to) => {
      dispatch({ type: 'renamed', from, to });
      if (selected === from || selected.startsWith(`${from}/`)) setSelected(to + selected.slice(from.length));
    },
    onDelete: (path) => {
      dispatch({ type: 'deleted', path });
      setSelected(SKILL_FILE);
    },
  };

  const conflictChoice: ConflictChoice = {
    reloadTheirs: () => {
      setConflict(false);
      void (async () => {
        const next = await fetchTree(api, kind, id);
        setEdit(initialEditState(next.revision));
        await refreshAfter(next);
        setSelected(SKILL_FILE);
      })();
    },
    keepMineAsCopies: (current) => {
      setConflict(false);
      const next = keepMineAsCopies(
        edit,
        current.revision,
        new Set(current.entries.map((entry) => entry.path)),
      );
      setEdit(next);
      void refreshAfter(current);
      const first = next.structure[0];
      if (first?.type === 'create') setSelected(first.path);
    },
    saveMineOverTheirs: (current) => {
      setConflict(false);
      const rebased = editReducer(edit, { type: 'rebased', revision: current.revision, state: edit });
      setEdit(rebased);
      void save(rebased);
    },
  };

  return {
    edit,
    dispatch,
    loadedTree,
    entries,
    changed,
    dirty,
    selected,
    treeActions,
    skillFile,
    openFile,
    reading,
    dependencies,
    /** Saves every edit. */
    saveAll: () => void save(edit),
    saving,
    saved,
    saveError,
    conflict,
    closeConflict: () => setConflict(false),
    conflictChoice,
  };
}
