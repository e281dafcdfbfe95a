import { Button, Group, Modal } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import { ApiErrorMessage } from '../ui/api-error-message';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';
import { ScopeEditor } from './scope-editor';
import { useScopeOptions } from './scope-options';
import { type ShareConfig, shareProblem } from './share-scope';
import { SKILLS_QUERY_KEY } from './skill-queries';

/** Edits who may read and manage a shared skill (`GET/PUT /api/skills/{id}/share`). */
export function ShareDialog({
  skillId,
  onClose,
}: {
  readonly skillId: string;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useApi();
  const queryClient = useQueryClient();
  const share = useQuery({
    queryKey: ['skills', skillId, 'share'],
    queryFn: async () =>
      (await unwrap(api.GET('/api/skills/{id}/share', { params: { path: { id: skillId } } }))).share,
  });
  const options = useScopeOptions();
  const [value, setValue] = useState<ShareConfig | null>(null);
  useEffect(() => {
    if (share.data !== undefined && value === null) setValue(share.data);
  }, [share.data, value]);
  const save = useMutation({
    mutationFn: (body: ShareConfig) =>
      unwrap(api.PUT('/api/skills/{id}/share', { params: { path: { id: skillId } }, body })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SKILLS_QUERY_KEY });
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={t('share.title', { id: skillId })} size="lg">
      {share.isError ? (
        <QueryError error={share.error} onRetry={() => void share.refetch()} />
      ) : options.error !== null ? (
        <QueryError error={options.error} onRetry={options.retry} />
      ) : value === null || options.pending ? (
        <PageLoader />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (shareProblem(value) === null) save.mutate(value);
          }}
        >
          <ScopeEditor
            value={value}
            onChange={setValue}
            departments={options.departments}
            users={options.users}
          />
          {save.isError ? <ApiErrorMessage error={save.error} mt="md" /> : null}
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={shareProblem(value) !== null}>
              {t('share.save')}
            </Button>
          </Group>
        </form>
      )}
    </Modal>
  );
}
