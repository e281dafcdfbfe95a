import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ADMIN_KEYS } from './admin-queries';

/**
 * One admin setting being edited: the server's value (`load`), the form's draft of it, and the
 * save (`store` answers the saved value). Saving refreshes the audit log, which records the change.
 */
export function useSetting<T>({
  queryKey,
  load,
  store,
}: {
  queryKey: readonly unknown[];
  load: () => Promise<T>;
  store: (value: T) => Promise<T>;
}) {
  const queryClient = useQueryClient();
  const server = useQuery({ queryKey, queryFn: load });
  const [draft, setDraft] = useState<T | undefined>(undefined);
  useEffect(() => {
    if (server.data !== undefined && draft === undefined) setDraft(server.data);
  }, [server.data, draft]);
  const save = useMutation({
    mutationFn: store,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      setDraft(saved);
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.audit });
    },
  });
  const changed = draft !== undefined && JSON.stringify(draft) !== JSON.stringify(server.data);
  return {
    server,
    draft,
    edit: (value: T) => {
      // Fields report their value again on blur (a number input clamping): that is no edit.
      if (JSON.stringify(value) === JSON.stringify(draft)) return;
      save.reset();
      setDraft(value);
    },
    cancel: () => {
      save.reset();
      setDraft(server.data);
    },
    save,
    changed,
  };
}
