import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  PasswordInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/api-context';
import { unwrap } from '../../api/api-error';
import { useMe } from '../../auth/use-me';
import { ApiErrorMessage } from '../../ui/api-error-message';
import { useLabelledPill } from '../../ui/labelled-pill';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { ADMIN_KEYS, type Department, type User, useDepartments, useUsers } from './admin-queries';

const ROLES = ['user', 'admin', 'superadmin'] as const;
type Role = (typeof ROLES)[number];

/** Users and their roles and departments: create, edit, disable, reset a password (SPEC W5, Y1). */
export function UsersSection() {
  const { t } = useTranslation();
  const users = useUsers();
  const departments = useDepartments();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  if (users.isPending || departments.isPending) return <PageLoader />;
  if (users.isError) return <QueryError error={users.error} onRetry={() => void users.refetch()} />;
  if (departments.isError)
    return <QueryError error={departments.error} onRetry={() => void departments.refetch()} />;
  const departmentName = new Map(departments.data.map((department) => [department.id, department.name]));
  return (
    <Stack>
      <Group justify="flex-end">
        <Button onClick={() => setCreating(true)}>{t('admin.users.new')}</Button>
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.users.username')}</Table.Th>
              <Table.Th>{t('admin.users.displayName')}</Table.Th>
              <Table.Th>{t('admin.users.role')}</Table.Th>
              <Table.Th>{t('admin.users.departments')}</Table.Th>
              <Table.Th>{t('admin.users.status')}</Table.Th>
              <Table.Th>
                <span className="visually-hidden">{t('admin.edit')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data.map((user) => (
              <Table.Tr key={user.id} data-testid={`user-row-${user.username}`}>
                <Table.Td ff="monospace">{user.username}</Table.Td>
                <Table.Td>{user.displayName}</Table.Td>
                <Table.Td>{t(`account.role.${user.role}`)}</Table.Td>
                <Table.Td>{user.departmentIds.map((id) => departmentName.get(id) ?? id).join(', ')}</Table.Td>
                <Table.Td>
                  <Badge color={user.disabled ? 'gray' : 'green'} variant="light">
                    {user.disabled ? t('admin.users.disabled') : t('admin.users.active')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => setEditing(user)}
                    aria-label={`${t('admin.edit')} ${user.username}`}
                  >
                    {t('admin.edit')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {creating ? <UserForm departments={departments.data} onClose={() => setCreating(false)} /> : null}
      {editing ? (
        <UserForm
          key={editing.id}
          user={editing}
          departments={departments.data}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}

/** The create or edit dialog of one account. */
function UserForm({
  user,
  departments,
  onClose,
}: {
  user?: User;
  departments: readonly Department[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useApi();
  const me = useMe();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState(user?.username ?? '');
  const [displayName, setDisplayName] = useState(user?.displayName ?? '');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>(user?.role ?? 'user');
  const [departmentIds, setDepartmentIds] = useState<string[]>(user?.departmentIds ?? []);
  const [disabled, setDisabled] = useState(user?.disabled ?? false);
  const renderPill = useLabelledPill();
  const save = useMutation({
    mutationFn: async () => {
      if (user === undefined) {
        return unwrap(
          api.POST('/api/admin/users', {
            body: {
              username,
              ...(displayName.trim() === '' ? {} : { displayName }),
              password,
              role,
              departmentIds,
            },
          }),
        );
      }
      return unwrap(
        api.PATCH('/api/admin/users/{id}', {
          params: { path: { id: user.id } },
          body: {
            ...(displayName.trim() === '' || displayName === user.displayName ? {} : { displayName }),
            ...(role === user.role ? {} : { role }),
            ...(disabled === user.disabled ? {} : { disabled }),
            departmentIds,
            ...(password === '' ? {} : { password }),
          },
        }),
      );
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.users }),
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.departments }),
      ]);
      onClose();
    },
  });
  // Only a superadmin may hand out the admin roles; the server checks it again.
  const roles = me.data?.user.role === 'superadmin' ? ROLES : (['user'] as const);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('admin.close') }}
      opened
      onClose={onClose}
      title={
        user === undefined ? t('admin.users.new') : t('admin.users.editTitle', { username: user.username })
      }
    >
      <form onSubmit={submit}>
        <Stack>
          {save.error ? <ApiErrorMessage error={save.error} /> : null}
          {user === undefined ? (
            <TextInput
              label={t('admin.users.username')}
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
              autoComplete="off"
              required
              data-autofocus
            />
          ) : null}
          <TextInput
            label={t('admin.users.displayName')}
            value={displayName}
            onChange={(event) => setDisplayName(event.currentTarget.value)}
          />
          <PasswordInput
            label={user === undefined ? t('admin.users.password') : t('admin.users.newPassword')}
            description={t('admin.users.passwordHint')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="new-password"
            required={user === undefined}
          />
          <Select
            label={t('admin.users.role')}
            data={roles.map((value) => ({ value, label: t(`account.role.${value}`) }))}
            value={role}
            onChange={(value) => value !== null && setRole(value as Role)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <MultiSelect
            label={t('admin.users.departments')}
            data={departments.map((department) => ({ value: department.id, label: department.name }))}
            value={departmentIds}
            onChange={setDepartmentIds}
            renderPill={renderPill}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': t('admin.clear') }}
          />
          {user === undefined ? null : (
            <Checkbox
              label={t('admin.users.disable')}
              checked={disabled}
              onChange={(event) => setDisabled(event.currentTarget.checked)}
            />
          )}
          <Text size="xs" c="dimmed">
            {user?.id}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {user === undefined ? t('admin.create') : t('admin.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
