import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiErrorMessage } from '../ui/api-error-message';
import { useRunFiles } from './chat-queries';
import { SaveRunSkill, skillFolderOf } from './save-run-skill';

/** A byte count for people: 512 B, 3.4 KB, 1.2 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Whether a run file is an HTML page: it opens in a new tab (the server serves it sandboxed). */
export function isHtmlFile(contentType: string): boolean {
  return /^text\/html\b/i.test(contentType);
}

/**
 * The files a finished run left in its work folder (SPEC W4, Y17), with their download links:
 * an HTML report opens in a new tab, anything else downloads; a folder holding a SKILL.md can be
 * saved as a personal skill (issue 24 item 3). Nothing is shown when there are none.
 */
export function RunFiles({ runId }: { readonly runId: string }) {
  const { t } = useTranslation();
  const files = useRunFiles(runId, true);
  if (files.isError) return <ApiErrorMessage error={files.error} title={t('chat.files.failed')} />;
  if (files.data === undefined || files.data.files.length === 0) return null;
  return (
    <section className="chat-files" aria-label={t('chat.files.title')} data-testid="run-files">
      <Text size="sm" fw={600} mb={4}>
        {t('chat.files.title')}
      </Text>
      <Stack gap={4} component="ul" className="plain-list">
        {files.data.files.map((file) => {
          const html = isHtmlFile(file.contentType);
          const skillFolder = skillFolderOf(file.path);
          const row = (
            <Group gap="xs" wrap="nowrap">
              <Anchor
                href={file.url}
                size="sm"
                style={{ overflowWrap: 'anywhere' }}
                aria-label={t(html ? 'chat.files.open' : 'chat.files.download', { path: file.path })}
                {...(html
                  ? { target: '_blank', rel: 'noopener noreferrer' }
                  : { download: file.path.split('/').at(-1) })}
              >
                {file.path}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatSize(file.size)}
              </Text>
            </Group>
          );
          return (
            <li key={file.path}>
              {skillFolder === undefined ? (
                row
              ) : (
                <SaveRunSkill runId={runId} folder={skillFolder}>
                  {row}
                </SaveRunSkill>
              )}
            </li>
          );
        })}
      </Stack>
      {files.data.truncated ? (
        <Text size="xs" c="dimmed">
          {t('chat.files.truncated')}
        </Text>
      ) : null}
    </section>
  );
}
