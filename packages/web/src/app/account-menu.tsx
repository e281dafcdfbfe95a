import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import { ME_QUERY_KEY, type Me } from '../auth/use-me';

/** The signed-in account: who, and the ways to change the password, manage API tokens or sign out. */
export function AccountMenu({ me }: { me: Me }) {
  const { t } = useTranslation();
  const { api, csrf } = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useMutation({
    mutationFn: () => unwrap(api.POST('/api/auth/logout')),
    onSettled: () => {
      csrf.set(null);
      queryClient.clear();
      queryClient.setQueryData(ME_QUERY_KEY, null);
      void navigate('/sign-in', { replace: true });
    },
  });
  const name = me.user.displayName || me.user.username;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('account.menu', { name })} data-testid="account-menu">
          <Avatar size={34} radius="xl" color="blue" name={name} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)">
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {me.user.username} · {t(`account.role.${me.user.role}`)}
          </Text>
        </Menu.Label>
        <Menu.Item onClick={() => void navigate('/account/password')}>
          {t('account.changePassword')}
        </Menu.Item>
        <Menu.Item onClick={() => void navigate('/account/tokens')}>{t('account.apiTokens')}</Menu.Item>
        <Menu.Item color="red" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {t('account.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
