import { Stack } from '@mantine/core';
import { useMe } from '../../auth/use-me';
import {
  DiscoverySettings,
  RunLimitSettings,
  SkillsDirectorySettings,
  WebFetchSettings,
} from './more-settings';
import { RecommendedSettings } from './recommended-settings';
import { RemoteSourcesSection } from './remote-sources-section';

/**
 * Admin → Settings (issue 24): every setting the API has, one form each — remote sources,
 * recommended skills, the skills directory, discovery for anonymous callers (superadmin), run
 * limits and the web fetch tool's hosts. Each saves on its own and is audited.
 */
export function SettingsSection() {
  const me = useMe();
  return (
    <Stack maw={760} gap="lg">
      <RemoteSourcesSection />
      <RecommendedSettings />
      <SkillsDirectorySettings />
      <DiscoverySettings superadmin={me.data?.user.role === 'superadmin'} />
      <RunLimitSettings />
      <WebFetchSettings />
    </Stack>
  );
}
