import { Alert, Anchor, Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAgents } from '../agents/agent-queries';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import { isAdmin, useMe } from '../auth/use-me';
import { ApiErrorMessage } from '../ui/api-error-message';
import { MODEL_PROVIDERS_KEY, useModelProviders } from './admin/model-provider-queries';
import { ModelProvidersList } from './admin/model-providers-list';

/** One step of the checklist: a number, a title, done or not, and what to do. */
function Step({
  number,
  title,
  done,
  optional = false,
  children,
}: {
  number: number;
  title: string;
  done: boolean;
  optional?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" component="section" aria-label={title} data-testid={`setup-step-${number}`}>
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={2} size="h4">
            {number}. {title}
          </Title>
          {done ? (
            <Badge color="green" variant="light">
              {t('setup.done')}
            </Badge>
          ) : optional ? (
            <Badge color="gray" variant="light">
              {t('setup.optional')}
            </Badge>
          ) : (
            <Badge color="yellow" variant="light">
              {t('setup.todo')}
            </Badge>
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The chat default (SPEC Y18): an agent's model `default` is the first provider's default model,
 * chosen here among that provider's models.
 */
function DefaultModelStep({ done }: { done: boolean }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const queryClient = useQueryClient();
  const providers = useModelProviders();
  const first = providers.data?.[0];
  const [model, setModel] = useState<string | null>(first?.defaultModel ?? null);
  useEffect(() => {
    if (first !== undefined) setModel(first.defaultModel);
  }, [first]);
  const save = useMutation({
    mutationFn: (defaultModel: string) =>
      unwrap(
        api.PATCH('/api/admin/model-providers/{id}', {
          params: { path: { id: first?.id ?? '' } },
          body: { defaultModel },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MODEL_PROVIDERS_KEY }),
  });
  return (
    <Step number={3} title={t('setup.defaultModel')} done={done}>
      {first === undefined ? (
        <Text size="sm" c="dimmed">
          {t('setup.defaultModelWaits')}
        </Text>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (model !== null) save.mutate(model);
          }}
        >
          <Group align="flex-end" wrap="wrap">
            <Select
              label={t('setup.defaultModelLabel', { provider: first.id })}
              data={first.models}
              value={model}
              onChange={(value) => {
                save.reset();
                setModel(value);
              }}
              allowDeselect={false}
              maw={360}
            />
            <Button type="submit" disabled={model === first.defaultModel} loading={save.isPending}>
              {t('admin.save')}
            </Button>
            {save.isSuccess && model === first.defaultModel ? (
              <Text size="sm" c="green" role="status">
                {t('admin.saved')}
              </Text>
            ) : null}
          </Group>
          {save.error ? <ApiErrorMessage error={save.error} mt="sm" /> : null}
        </form>
      )}
    </Step>
  );
}

/**
 * The first-run checklist (SPEC O4): after the superadmin chose a password, what a fresh install
 * needs before anyone can chat — a model provider whose connection test passed, the default model —
 * then the optional remote-source policy, and a way into a chat with the built-in Assistant, which
 * works as soon as a provider exists. Any admin may open it again from the admin page.
 */
export function SetupPage() {
  const { t } = useTranslation();
  const me = useMe();
  // Checked before any admin data is asked for: a user's visit logs no refused request.
  if (!isAdmin(me.data)) {
    return (
      <Alert color="red" role="alert">
        {t('admin.forbidden')}
      </Alert>
    );
  }
  return <SetupChecklist />;
}

function SetupChecklist() {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const providers = useModelProviders();
  const agents = useAgents();
  const [tested, setTested] = useState<string | null>(null);
  const hasProvider = (providers.data?.length ?? 0) > 0;
  const assistant = agents.data?.find((agent) => agent.builtin);
  return (
    <Stack maw={860}>
      <Title order={1}>{t('setup.title')}</Title>
      <Text>{t('setup.intro')}</Text>
      <Step number={1} title={t('setup.password')} done={me.data?.passwordChangeRequired === false}>
        <Text size="sm">{t('setup.passwordDone')}</Text>
      </Step>
      <Step number={2} title={t('setup.provider')} done={hasProvider && tested !== null}>
        <Text size="sm">{t('setup.providerHint')}</Text>
        <ModelProvidersList superadmin={me.data?.user.role === 'superadmin'} onTested={setTested} />
      </Step>
      <DefaultModelStep done={hasProvider} />
      <Step number={4} title={t('setup.sources')} done={false} optional>
        <Text size="sm">{t('setup.sourcesHint')}</Text>
        <div>
          <Anchor component={Link} to="/admin/settings">
            {t('setup.sourcesLink')}
          </Anchor>
        </div>
      </Step>
      <Step number={5} title={t('setup.chat')} done={false} optional={!hasProvider}>
        <Text size="sm">{hasProvider ? t('setup.chatReady') : t('setup.chatWaits')}</Text>
        <div>
          <Button
            disabled={!hasProvider || assistant === undefined}
            onClick={() => assistant && void navigate(`/agents/${assistant.id}/chat`)}
          >
            {t('setup.chatButton', { name: assistant?.name ?? 'Assistant' })}
          </Button>
        </div>
      </Step>
    </Stack>
  );
}
