import { Anchor, AppShell, Burger, Group, NavLink, Progress, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigation } from 'react-router';
import { isAdmin, useMe } from '../auth/use-me';
import { LanguageSwitch } from '../ui/language-switch';
import { ThemeToggle } from '../ui/theme-toggle';
import { AccountMenu } from './account-menu';

/** The sections of the main navigation; Admin only for admins. */
function navigationItems(admin: boolean) {
  return [
    { to: '/skills', label: 'nav.skills' as const },
    { to: '/agents', label: 'nav.agents' as const },
    ...(admin ? [{ to: '/admin', label: 'nav.admin' as const }] : []),
  ];
}

/**
 * The signed-in shell: a header (name, menu button under 768 px, language, theme, account) and
 * the main navigation beside the page — a drawer on narrow screens.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const me = useMe();
  const location = useLocation();
  const navigation = useNavigation();
  const [opened, { toggle, close }] = useDisclosure(false);
  // Below the `sm` breakpoint (48em) a closed navigation is off-screen: keep it out of the tab order too.
  const narrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const navigationHidden = narrow === true && !opened;
  const items = navigationItems(isAdmin(me.data));
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Anchor href="#main" className="skip-link">
          {t('app.skipToContent')}
        </Anchor>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('nav.toggle')}
              aria-expanded={opened}
              aria-controls="main-navigation"
            />
            <Text component={Link} to="/skills" fw={700} size="lg" c="inherit" td="none">
              {t('app.name')}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitch />
            <ThemeToggle />
            {me.data ? <AccountMenu me={me.data} /> : null}
          </Group>
        </Group>
        {navigation.state === 'loading' ? (
          <Progress value={100} animated size={2} radius={0} aria-hidden="true" className="route-progress" />
        ) : null}
      </AppShell.Header>
      <AppShell.Navbar
        p="xs"
        component="nav"
        aria-label={t('nav.label')}
        id="main-navigation"
        inert={navigationHidden}
      >
        {items.map((item) => (
          <NavLink
            key={item.to}
            component={Link}
            to={item.to}
            label={t(item.label)}
            active={location.pathname === item.to || location.pathname.startsWith(`${item.to}/`)}
            aria-current={location.pathname.startsWith(item.to) ? 'page' : undefined}
            onClick={close}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
