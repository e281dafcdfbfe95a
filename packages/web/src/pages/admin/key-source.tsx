import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ModelProvider } from './model-provider-queries';

/** Where a provider's key comes from, never the key: "stored", "from env VAR" (and whether it is set), or none. */
export function KeySource({ apiKey }: { apiKey: ModelProvider['apiKey'] }) {
  const { t } = useTranslation();
  if (apiKey.source === 'stored')
    return (
      <Badge variant="light" color="green">
        {t('providers.keyStored')}
      </Badge>
    );
  if (apiKey.source === 'env')
    return (
      <Badge variant="light" color={apiKey.present ? 'green' : 'orange'} tt="none">
        {apiKey.present
          ? t('providers.keyFromEnv', { name: apiKey.env })
          : t('providers.keyFromEnvMissing', { name: apiKey.env })}
      </Badge>
    );
  return (
    <Badge variant="light" color="gray">
      {t('providers.keyMissing')}
    </Badge>
  );
}
