import { Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/api-context';
import { unwrap } from '../../api/api-error';
import { ApiErrorMessage } from '../../ui/api-error-message';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { ADMIN_KEYS, type Department, useDepartments } from './admin-queries';

/** Departments: create, rename, delete (SPEC W5, Y1); members are set on each user. */
export function DepartmentsSection() {
  const { t } = useTranslation();
  const { api } = useApi();
  const queryClient = useQueryClient();
  const departments = useDepartments();
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<Department | null>(null);
  const [deleting, setDeleting] = useState<Department | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.departments }),
      queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.users }),
    ]);
  const create = useMutation({
    mutationFn: () => unwrap(api.POST('/api/admin/departments', { body: { name } })),
    onSuccess: async () => {
      setName('');
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      unwrap(api.DELETE('/api/admin/departments/{id}', { params: { path: { id } } })),
    onSuccess: async () => {
      setDeleting(null);
      await refresh();
    },
  });
  if (departments.isPending) return <PageLoader />;
  if (departments.isError)
    return <QueryError error={departments.error} onRetry={() => void departments.refetch()} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== '') create.mutate();
  };
  return (
    <Stack>
      <form onSubmit={submit}>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('admin.departments.new')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            style={{ flex: '1 1 200px' }}
            maw={360}
          />
          <Button type="submit" loading={create.isPending} disabled={name.trim() === ''}>
            {t('admin.create')}
          </Button>
        </Group>
      </form>
      {create.error ? <ApiErrorMessage error={create.error} /> : null}
      {create.isSuccess ? (
        <Text size="sm" c="green" role="status">
          {t('admin.departments.created', { name: create.data.department.name })}
        </Text>
      ) : null}
      {departments.data.length === 0 ? (
        <Text>{t('admin.departments.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.departments.name')}</Table.Th>
                <Table.Th>{t('admin.departments.members')}</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">{t('admin.edit')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {departments.data.map((department) => (
                <Table.Tr key={department.id} data-testid={`department-row-${department.name}`}>
                  <Table.Td>{department.name}</Table.Td>
                  <Table.Td>{department.memberCount}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => setRenaming(department)}
                        aria-label={`${t('admin.departments.rename')} ${department.name}`}
                      >
                        {t('admin.departments.rename')}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => setDeleting(department)}
                        aria-label={`${t('admin.delete')} ${department.name}`}
                      >
                        {t('admin.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {renaming ? (
        <RenameDepartment department={renaming} onClose={() => setRenaming(null)} onDone={refresh} />
      ) : null}
      <Modal
        closeButtonProps={{ 'aria-label': t('admin.close') }}
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('admin.departments.deleteTitle', { name: deleting?.name ?? '' })}
      >
        <Stack>
          <Text size="sm">{t('admin.departments.deleteBody')}</Text>
          {remove.error ? <ApiErrorMessage error={remove.error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('admin.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => deleting && remove.mutate(deleting.id)}
            >
              {t('admin.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function RenameDepartment({
  department,
  onClose,
  onDone,
}: {
  department: Department;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { api } = useApi();
  const [name, setName] = useState(department.name);
  const rename = useMutation({
    mutationFn: () =>
      unwrap(
        api.PATCH('/api/admin/departments/{id}', { params: { path: { id: department.id } }, body: { name } }),
      ),
    onSuccess: async () => {
      await onDone();
      onClose();
    },
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('admin.departments.renameTitle', { name: department.name })}
      closeButtonProps={{ 'aria-label': t('admin.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          rename.mutate();
        }}
      >
        <Stack>
          {rename.error ? <ApiErrorMessage error={rename.error} /> : null}
          <TextInput
            label={t('admin.departments.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {t('admin.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
