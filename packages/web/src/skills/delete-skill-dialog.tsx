import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { ApiError, unwrap } from '../api/api-error';
import { SKILLS_QUERY_KEY } from './skill-queries';

/** Asks before deleting a shared (`DELETE /api/skills/{id}`) or personal (`DELETE /api/me/skills/{id}`) skill. */
export function DeleteSkillDialog({
  skill,
  onClose,
}: {
  readonly skill: { readonly id: string; readonly name: string; readonly kind: 'shared' | 'personal' };
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useApi();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => {
      const path = { params: { path: { id: skill.id } } };
      return skill.kind === 'shared'
        ? unwrap(api.DELETE('/api/skills/{id}', path))
        : unwrap(api.DELETE('/api/me/skills/{id}', path));
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SKILLS_QUERY_KEY });
      onClose();
    },
  });
  const error = remove.error;
  return (
    <Modal opened onClose={onClose} title={t('skills.delete.title', { name: skill.name })}>
      <Text>
        {t(skill.kind === 'shared' ? 'skills.delete.shared' : 'skills.delete.personal', { id: skill.id })}
      </Text>
      {error === null ? null : (
        <Alert
          color="red"
          role="alert"
          mt="md"
          title={
            error instanceof ApiError && error.code === 'skill_has_dependents'
              ? t('skills.delete.hasDependents')
              : undefined
          }
        >
          {error.message}
        </Alert>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
          {t('skills.delete.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
