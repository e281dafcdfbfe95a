import { Button, Card, Group, Modal, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import { ApiErrorMessage } from '../ui/api-error-message';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';
import { DraftReview, type InstallDraft, type InstalledSkill } from './draft-review';
import { useScopeOptions } from './scope-options';

interface InstallModalProps {
  readonly canShare: boolean;
  readonly onClose: () => void;
  readonly onInstalled: (installed: readonly InstalledSkill[]) => void;
}

/**
 * Installing skills (SPEC Y2–Y5): four ways to prepare a draft — recommended, upload, a remote
 * repository, the skills directory's search — then the draft's review and confirmation.
 */
export function InstallModal({ canShare, onClose, onInstalled }: InstallModalProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<InstallDraft | null>(null);
  return (
    <Modal opened onClose={onClose} title={t('install.title')} size="xl">
      {draft === null ? (
        <Tabs defaultValue="upload" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="recommended">{t('install.tab.recommended')}</Tabs.Tab>
            <Tabs.Tab value="upload">{t('install.tab.upload')}</Tabs.Tab>
            <Tabs.Tab value="remote">{t('install.tab.remote')}</Tabs.Tab>
            <Tabs.Tab value="search">{t('install.tab.search')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="recommended" pt="md">
            <RecommendedFlow onDraft={setDraft} />
          </Tabs.Panel>
          <Tabs.Panel value="upload" pt="md">
            <UploadFlow onDraft={setDraft} />
          </Tabs.Panel>
          <Tabs.Panel value="remote" pt="md">
            <RemoteFlow onDraft={setDraft} />
          </Tabs.Panel>
          <Tabs.Panel value="search" pt="md">
            <SearchFlow onDraft={setDraft} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <ReviewStep
          draft={draft}
          canShare={canShare}
          onInstalled={onInstalled}
          onCancelled={() => setDraft(null)}
        />
      )}
    </Modal>
  );
}

function ReviewStep({
  draft,
  canShare,
  onInstalled,
  onCancelled,
}: {
  readonly draft: InstallDraft;
  readonly canShare: boolean;
  readonly onInstalled: (installed: readonly InstalledSkill[]) => void;
  readonly onCancelled: () => void;
}) {
  const options = useScopeOptions();
  // The pickers are the admin listings; a user who cannot share never needs them.
  return (
    <DraftReview
      draft={draft}
      canShare={canShare}
      departments={canShare ? options.departments : []}
      users={canShare ? options.users : []}
      onInstalled={onInstalled}
      onCancelled={onCancelled}
    />
  );
}

type OnDraft = (draft: InstallDraft) => void;

function FlowError({ error }: { readonly error: Error | null }) {
  return error === null ? null : <ApiErrorMessage error={error} />;
}

function RecommendedFlow({ onDraft }: { readonly onDraft: OnDraft }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const list = useQuery({
    queryKey: ['install', 'recommended'],
    queryFn: async () => (await unwrap(api.GET('/api/install/recommended'))).skills,
  });
  const prepare = useMutation({
    mutationFn: async (id: string) =>
      (await unwrap(api.POST('/api/install/drafts/recommended', { body: { id } }))).draft,
    onSuccess: onDraft,
  });
  if (list.isPending) return <PageLoader />;
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) return <Text>{t('install.recommended.empty')}</Text>;
  return (
    <Stack gap="sm">
      <FlowError error={prepare.error} />
      {list.data.map((skill) => (
        <Card key={skill.id} withBorder padding="sm">
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text fw={600}>{skill.name}</Text>
              <Text size="sm">{skill.description}</Text>
            </div>
            <Button
              size="xs"
              onClick={() => prepare.mutate(skill.id)}
              loading={prepare.isPending && prepare.variables === skill.id}
              aria-label={t('install.prepareNamed', { name: skill.name })}
            >
              {t('install.prepare')}
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

function UploadFlow({ onDraft }: { readonly onDraft: OnDraft }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return (
        await unwrap(
          api.POST('/api/install/drafts/upload', {
            body: form as never,
            bodySerializer: (body) => body as unknown as FormData,
          }),
        )
      ).draft;
    },
    onSuccess: onDraft,
  });
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file !== undefined) upload.mutate(file);
  };
  return (
    <Stack gap="sm">
      <input
        ref={input}
        id={inputId}
        type="file"
        accept=".zip,.tar.gz,.tgz,.md,application/zip,application/gzip,text/markdown"
        aria-label={t('install.upload.choose')}
        className="visually-hidden-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file !== undefined) upload.mutate(file);
          event.currentTarget.value = '';
        }}
      />
      <label
        htmlFor={inputId}
        className="drop-zone"
        data-over={over || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <Text fw={600}>{t('install.upload.drop')}</Text>
        <Text size="sm" c="dimmed">
          {t('install.upload.hint')}
        </Text>
      </label>
      {upload.isPending ? <PageLoader /> : null}
      <FlowError error={upload.error} />
    </Stack>
  );
}

function RemoteFlow({ onDraft, initial = '' }: { readonly onDraft: OnDraft; readonly initial?: string }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const [source, setSource] = useState(initial);
  const prepare = useMutation({
    mutationFn: async (value: string) =>
      (await unwrap(api.POST('/api/install/drafts/remote', { body: { source: value } }))).draft,
    onSuccess: onDraft,
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (source.trim() !== '') prepare.mutate(source.trim());
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('install.remote.source')}
          description={t('install.remote.hint')}
          value={source}
          onChange={(event) => setSource(event.currentTarget.value)}
          required
        />
        <FlowError error={prepare.error} />
        <Group justify="flex-end">
          <Button type="submit" loading={prepare.isPending}>
            {t('install.remote.fetch')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SearchFlow({ onDraft }: { readonly onDraft: OnDraft }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const [query, setQuery] = useState('');
  const [submitted, setSubmitted] = useState('');
  const results = useQuery({
    queryKey: ['install', 'search', submitted],
    queryFn: async () =>
      (await unwrap(api.GET('/api/install/search', { params: { query: { q: submitted } } }))).results,
    enabled: submitted !== '',
  });
  const prepare = useMutation({
    mutationFn: async (source: string) =>
      (await unwrap(api.POST('/api/install/drafts/remote', { body: { source } }))).draft,
    onSuccess: onDraft,
  });
  return (
    <Stack gap="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(query.trim());
        }}
      >
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label={t('install.search.query')}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit">{t('install.search.submit')}</Button>
        </Group>
      </form>
      {submitted === '' ? null : results.isPending ? (
        <PageLoader />
      ) : results.isError ? (
        <QueryError error={results.error} onRetry={() => void results.refetch()} />
      ) : results.data.length === 0 ? (
        <Text>{t('install.search.none', { query: submitted })}</Text>
      ) : (
        results.data.map((result) => (
          <Card key={result.id} withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text fw={600}>{result.name}</Text>
                <Text size="xs" c="dimmed">
                  {t('install.search.installs', { count: result.installs })} · {result.source ?? result.id}
                </Text>
              </div>
              <Button
                size="xs"
                disabled={result.installSource === null}
                onClick={() => result.installSource !== null && prepare.mutate(result.installSource)}
                aria-label={t('install.prepareNamed', { name: result.name })}
              >
                {t('install.prepare')}
              </Button>
            </Group>
          </Card>
        ))
      )}
      <FlowError error={prepare.error} />
    </Stack>
  );
}
