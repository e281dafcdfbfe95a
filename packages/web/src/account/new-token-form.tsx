import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import { ApiErrorMessage } from '../ui/api-error-message';
import { SCOPE_AREAS, scopeLabelKey, type TokenScope } from './token-scopes';

/** How long a new token lives, in days; `never` until revoked. */
const EXPIRY_CHOICES = ['7', '30', '90', '365', 'never'] as const;
type Expiry = (typeof EXPIRY_CHOICES)[number];

/** The moment a token issued now with `expiry` stops working, or null. */
export function expiresAtFor(expiry: Expiry, now = Date.now()): string | null {
  return expiry === 'never' ? null : new Date(now + Number(expiry) * 86_400_000).toISOString();
}

/**
 * Issues one of my API tokens (`POST /api/auth/tokens`): a name, the scopes it may use (admin
 * scopes only for admins), and when it expires. The token is shown once, with a copy button.
 */
export function NewTokenForm({ admin, onIssued }: { admin: boolean; onIssued: () => void }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['skills:read']);
  const [expiry, setExpiry] = useState<Expiry>('90');
  const issue = useMutation({
    mutationFn: () =>
      unwrap(api.POST('/api/auth/tokens', { body: { name, scopes, expiresAt: expiresAtFor(expiry) } })),
    onSuccess: () => {
      setName('');
      onIssued();
    },
  });
  const ready = name.trim() !== '' && scopes.length > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) issue.mutate();
  };
  const toggle = (scope: TokenScope, on: boolean) => {
    issue.reset();
    setScopes((current) => (on ? [...current, scope] : current.filter((other) => other !== scope)));
  };
  return (
    <Stack>
      <form onSubmit={submit} aria-label={t('tokens.new')}>
        <Stack>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('tokens.name')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={100}
              style={{ flex: '1 1 220px' }}
              maw={360}
            />
            <Select
              label={t('tokens.expiry')}
              data={EXPIRY_CHOICES.map((value) => ({ value, label: t(`tokens.expiryChoice.${value}`) }))}
              value={expiry}
              onChange={(value) => value !== null && setExpiry(value as Expiry)}
              allowDeselect={false}
              w={200}
            />
          </Group>
          <Fieldset legend={t('tokens.scopes')}>
            <Text size="sm" c="dimmed" mb="sm">
              {t('tokens.scopesHint')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {SCOPE_AREAS.filter((area) => admin || area.area !== 'admin').flatMap((area) =>
                area.scopes.map((scope) => (
                  <Checkbox
                    key={scope}
                    label={t(scopeLabelKey(scope))}
                    description={scope}
                    checked={scopes.includes(scope)}
                    onChange={(event) => toggle(scope, event.currentTarget.checked)}
                  />
                )),
              )}
            </SimpleGrid>
            {scopes.length === 0 ? (
              <Text size="sm" c="orange" mt="xs">
                {t('tokens.noScope')}
              </Text>
            ) : null}
          </Fieldset>
          <Group justify="flex-end">
            <Button type="submit" loading={issue.isPending} disabled={!ready}>
              {t('tokens.create')}
            </Button>
          </Group>
        </Stack>
      </form>
      {issue.error ? <ApiErrorMessage error={issue.error} /> : null}
      {issue.data ? (
        <Alert
          color="green"
          role="status"
          title={t('tokens.issuedTitle', { name: issue.data.apiToken.name })}
        >
          <Stack gap="xs">
            <Text size="sm">{t('tokens.issued')}</Text>
            <Group wrap="nowrap" align="flex-start">
              <Code
                block
                aria-label={t('tokens.tokenLabel')}
                data-testid="issued-token"
                style={{ overflowWrap: 'anywhere', flex: 1 }}
              >
                {issue.data.token}
              </Code>
              <CopyButton value={issue.data.token}>
                {({ copied, copy }) => (
                  <Button variant="light" color={copied ? 'teal' : 'blue'} onClick={copy}>
                    {copied ? t('tokens.copied') : t('tokens.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm" c="dimmed">
              {t('tokens.linkHint', { link: `${window.location.origin}/t/${issue.data.token}` })}
            </Text>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
