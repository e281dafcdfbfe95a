import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import { isConflict } from '../skills/skill-content-api';
import type { SkillEditorStatus } from '../skills/skill-editor-status';
import { type BoundSkillVersion, boundSkillKey, useBoundSkillVersions } from './agent-queries';

/** A version action waiting for the user's confirmation. */
export type PendingVersionAction =
  | { readonly type: 'restore'; readonly version: BoundSkillVersion }
  | { readonly type: 'delete'; readonly version: BoundSkillVersion };

/** A history action refused because the bound skill was saved elsewhere since the editor loaded it. */
export type HistoryConflict = 'release' | 'restore';

/**
 * The state of a bound skill's history (SPEC Y6): its versions, the release note, the action
 * awaiting confirmation, and the release, restore and delete requests. Release and restore send the
 * editor's base revision; their 409 becomes `conflict` instead of an error. The versions reload
 * after every save of the editor, which may change the current one.
 */
export function useBoundSkillHistory(
  agentId: string,
  status: SkillEditorStatus,
  onContentReplaced: () => Promise<void>,
) {
  const { api } = useApi();
  const queryClient = useQueryClient();
  const versions = useBoundSkillVersions(agentId, true);
  const [pending, setPending] = useState<PendingVersionAction | null>(null);
  const [conflict, setConflict] = useState<HistoryConflict | null>(null);
  const [note, setNote] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: boundSkillKey(agentId) });
  // A save moves the saved revision: which version is "current" may change with it.
  const savedRevision = status.baseRevision;
  useEffect(() => {
    if (savedRevision !== '')
      void queryClient.invalidateQueries({ queryKey: [...boundSkillKey(agentId), 'versions'] });
  }, [queryClient, agentId, savedRevision]);
  const onError = (action: HistoryConflict) => (error: Error) => {
    if (isConflict(error)) {
      setPending(null);
      setConflict(action);
    }
  };

  const release = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/agents/{id}/bound-skill/versions', {
          params: { path: { id: agentId } },
          body: { baseRevision: status.baseRevision, ...(note.trim() === '' ? {} : { note: note.trim() }) },
        }),
      ),
    onSuccess: async () => {
      setNote('');
      await refresh();
    },
    onError: onError('release'),
  });
  const restore = useMutation({
    mutationFn: (name: string) =>
      unwrap(
        api.POST('/api/agents/{id}/bound-skill/versions/{name}/restore', {
          params: { path: { id: agentId, name } },
          body: { baseRevision: status.baseRevision },
        }),
      ),
    onSuccess: async () => {
      setPending(null);
      await onContentReplaced();
      await refresh();
    },
    onError: onError('restore'),
  });
  const remove = useMutation({
    mutationFn: (name: string) =>
      unwrap(
        api.DELETE('/api/agents/{id}/bound-skill/versions/{name}', {
          params: { path: { id: agentId, name } },
        }),
      ),
    onSuccess: async () => {
      setPending(null);
      await refresh();
    },
  });

  return {
    versions,
    note,
    setNote,
    release,
    /** The release's failure other than a conflict (which the conflict dialog shows). */
    releaseError: release.error !== null && !isConflict(release.error) ? release.error : null,
    restore,
    remove,
    pending,
    /** Asks to restore `version` (a fresh question: the last restore's error is cleared). */
    askRestore: (version: BoundSkillVersion) => {
      restore.reset();
      setPending({ type: 'restore', version });
    },
    /** Asks to delete `version` (a fresh question: the last delete's error is cleared). */
    askDelete: (version: BoundSkillVersion) => {
      remove.reset();
      setPending({ type: 'delete', version });
    },
    cancelPending: () => setPending(null),
    conflict,
    closeConflict: () => setConflict(null),
    /** Takes the content saved elsewhere: the versions and the editor reload. */
    reloadAfterConflict: () => {
      setConflict(null);
      void (async () => {
        await refresh();
        await onContentReplaced();
      })();
    },
  };
}
