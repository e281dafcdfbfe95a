import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving with unsaved changes: a dialog when the app navigates away (router
 * blocker), the browser's own question when the tab is closed or reloaded (`beforeunload`).
 */
export function UnsavedGuard({ dirty }: { readonly dirty: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
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
