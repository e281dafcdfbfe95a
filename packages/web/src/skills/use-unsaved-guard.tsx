import { Button, Group, Modal, Text } from '@mantine/core';
import { createContext, type ReactNode, useContext, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/** Navigation state that leaves without asking: an action that just ended the page's subject (a delete). */
export const LEAVE_WITHOUT_ASKING = { leaveWithoutAsking: true } as const;

/**
 * Asks before leaving with unsaved changes: a dialog when the app navigates away (router
 * blocker), the browser's own question when the tab is closed or reloaded (`beforeunload`). A
 * navigation with the state {@link LEAVE_WITHOUT_ASKING} is never held.
 */
export function UnsavedGuard({ dirty }: { readonly dirty: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      currentLocation.pathname !== nextLocation.pathname &&
      (nextLocation.state as { leaveWithoutAsking?: boolean } | null)?.leaveWithoutAsking !== true,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('editor.leaveTitle')}
    >
      <Text>{t('editor.leaveBody')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          {t('editor.stay')}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {t('editor.leave')}
        </Button>
      </Group>
    </Modal>
  );
}

/** What the editors inside an {@link UnsavedChangesScope} tell it. */
interface UnsavedChangesReport {
  report(key: string, dirty: boolean): void;
}

const UnsavedChangesContext = createContext<UnsavedChangesReport | undefined>(undefined);

/**
 * One guard for a page with several editors (an agent's configuration and its bound skill): a
 * router holds one blocker at a time, so each editor reports its unsaved changes here
 * ({@link useUnsavedChanges}) and the page asks once before leaving when any has some.
 */
export function UnsavedChangesScope({ children }: { readonly children: ReactNode }) {
  const [dirtyKeys, setDirtyKeys] = useState<ReadonlySet<string>>(() => new Set());
  const report = useMemo<UnsavedChangesReport>(
    () => ({
      report: (key, dirty) =>
        setDirtyKeys((previous) => {
          if (previous.has(key) === dirty) return previous;
          const next = new Set(previous);
          if (dirty) next.add(key);
          else next.delete(key);
          return next;
        }),
    }),
    [],
  );
  return (
    <UnsavedChangesContext.Provider value={report}>
      {children}
      <UnsavedGuard dirty={dirtyKeys.size > 0} />
    </UnsavedChangesContext.Provider>
  );
}

/**
 * Tells the enclosing {@link UnsavedChangesScope} whether this editor has unsaved changes; returns
 * false outside one, where the editor guards itself with {@link UnsavedGuard}.
 */
export function useUnsavedChanges(dirty: boolean): boolean {
  const scope = useContext(UnsavedChangesContext);
  const key = useId();
  useEffect(() => {
    scope?.report(key, dirty);
  }, [scope, key, dirty]);
  useEffect(() => () => scope?.report(key, false), [scope, key]);
  return scope !== undefined;
}
