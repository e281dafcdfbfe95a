import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { ApiError, unwrap } from '../api/api-error';
import { ConfirmDialog } from '../ui/confirm-dialog';
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
    <ConfirmDialog
      title={t('skills.delete.title', { name: skill.name })}
      body={t(skill.kind === 'shared' ? 'skills.delete.shared' : 'skills.delete.personal', { id: skill.id })}
      confirmLabel={t('skills.delete.confirm')}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
      pending={remove.isPending}
      error={error}
      {...(error instanceof ApiError && error.code === 'skill_has_dependents'
        ? { errorTitle: t('skills.delete.hasDependents') }
        : {})}
    />
  );
}
