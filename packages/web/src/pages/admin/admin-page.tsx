import { Alert, Anchor, Group, Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { isAdmin, useMe } from '../../auth/use-me';
import { AuditSection } from './audit-section';
import { BuiltinSection } from './builtin-section';
import { DepartmentsSection } from './departments-section';
import { ModelProvidersList } from './model-providers-list';
import { RunsSection } from './runs-section';
import { SettingsSection } from './settings-section';
import { TokensSection } from './tokens-section';
import { UsersSection } from './users-section';

/** The admin sections, in tab order; each is `/admin/<section>`. */
export const ADMIN_SECTIONS = [
  'users',
  'departments',
  'tokens',
  'providers',
  'settings',
  'builtin',
  'runs',
  'audit',
] as const;
type AdminSection = (typeof ADMIN_SECTIONS)[number];

const SECTION_COMPONENTS: Record<AdminSection, () => React.JSX.Element> = {
  users: UsersSection,
  departments: DepartmentsSection,
  tokens: TokensSection,
  providers: ModelProvidersSection,
  settings: SettingsSection,
  builtin: BuiltinSection,
  runs: RunsSection,
  audit: AuditSection,
};

/** Model providers (SPEC Y18, O4): the superadmin also moves them and sets their keys. */
function ModelProvidersSection() {
  const me = useMe();
  return <ModelProvidersList superadmin={me.data?.user.role === 'superadmin'} />;
}

/** Admin (SPEC W5): users and roles, departments, API tokens, model providers, settings, builtin sync, runs, audit log. */
export function AdminPage() {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const { section } = useParams();
  if (!isAdmin(me.data)) {
    return (
      <Alert color="red" role="alert">
        {t('admin.forbidden')}
      </Alert>
    );
  }
  if (!ADMIN_SECTIONS.includes(section as AdminSection)) return <Navigate to="/admin/users" replace />;
  const current = section as AdminSection;
  const Section = SECTION_COMPONENTS[current];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('admin.title')}</Title>
        <Anchor component={Link} to="/setup">
          {t('setup.open')}
        </Anchor>
      </Group>
      <Tabs
        value={current}
        onChange={(value) => value !== null && void navigate(`/admin/${value}`)}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('admin.sections')} style={{ flexWrap: 'wrap' }}>
          {ADMIN_SECTIONS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`admin.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={current} pt="md">
          <Section />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
