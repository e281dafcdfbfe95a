import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** A client route that names no page. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Stack align="flex-start">
      <Title order={1}>{t('app.notFoundTitle')}</Title>
      <Text>{t('app.notFoundBody', { path: location.pathname })}</Text>
      <Button component={Link} to="/skills" variant="light">
        {t('app.backHome')}
      </Button>
    </Stack>
  );
}
