import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApi } from '../api/api-context';
import { isConflict } from './skill-content-api';
import type { SkillEditorStatus } from './skill-editor-status';
import {
  fetchHistory,
  type HistoryKind,
  historyKey,
  restoreRevision,
  type SkillRevision,
} from './skill-history-api';

/**
 * The state of a skill's history (issue 24 item 3): its revisions (reloaded after every save of the
 * editor), the revision compared, the restore awaiting confirmation and the restore itself — which
 * sends the editor's saved revision, its 409 becoming `conflict` instead of an error.
 */
export function useSkillHistory(
  kind: HistoryKind,
  id: string,
  status: SkillEditorStatus,
  onContentReplaced: () => Promise<void>,
) {
  const { api } = useApi();
  const queryClient = useQueryClient();
  const history = useQuery({ queryKey: historyKey(kind, id), queryFn: () => fetchHistory(api, kind, id) });
  const [compared, setCompared] = useState<string | null>(null);
  const [pending, setPending] = useState<SkillRevision | null>(null);
  const [conflict, setConflict] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: historyKey(kind, id) });
  // A save moves the saved revision: the history has a new entry.
  const savedRevision = status.baseRevision;
  useEffect(() => {
    if (savedRevision !== '') void queryClient.invalidateQueries({ queryKey: historyKey(kind, id) });
  }, [queryClient, kind, id, savedRevision]);

  const restore = useMutation({
    mutationFn: (revision: string) => restoreRevision(api, kind, id, revision, status.baseRevision),
    onSuccess: async () => {
      setPending(null);
      await onContentReplaced();
      await refresh();
    },
    onError: (error) => {
      if (isConflict(error)) {
        setPending(null);
        setConflict(true);
      }
    },
  });

  return {
    history,
    compared,
    /** Compares `revision` with now, or stops comparing it when it is the one compared. */
    toggleCompared: (revision: string) => setCompared(compared === revision ? null : revision),
    pending,
    /** Asks to restore `entry` (a fresh question: the last restore's error is cleared). */
    askRestore: (entry: SkillRevision) => {
      restore.reset();
      setPending(entry);
    },
    cancelRestore: () => setPending(null),
    restore,
    conflict,
    closeConflict: () => setConflict(false),
    /** Takes the content saved elsewhere: the history and the editor reload. */
    reloadAfterConflict: () => {
      setConflict(false);
      void (async () => {
        await refresh();
        await onContentReplaced();
      })();
    },
  };
}
