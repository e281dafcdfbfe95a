import { Text, useComputedColorScheme } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';
import type { SkillTextReading } from './frontmatter-diagnostics';
import { FrontmatterStatus } from './frontmatter-status';
import type { FileDraft } from './skill-edit-state';
import { SKILL_FILE } from './use-skill-editor';

const CodeEditor = lazy(() => import('./code-editor'));

/**
 * The open file of the skill editor: its path, then CodeEditor on its draft (a binary file is only
 * named), and under SKILL.md the live check of its frontmatter.
 */
export function OpenFilePane({
  path,
  draft,
  error,
  binary,
  reading,
  readOnly,
  onChange,
}: {
  readonly path: string;
  /** The file's draft; undefined while it loads. */
  readonly draft: FileDraft | undefined;
  /** Why the file could not be loaded, or null. */
  readonly error: Error | null;
  readonly binary: boolean;
  /** SKILL.md's live reading, null until it is loaded. */
  readonly reading: SkillTextReading | null;
  readonly readOnly: boolean;
  readonly onChange: (content: string) => void;
}) {
  const { t } = useTranslation();
  const dark = useComputedColorScheme('light') === 'dark';
  return (
    <>
      <Text size="sm" ff="monospace" mb={4}>
        {path}
      </Text>
      {error !== null ? (
        <QueryError error={error} />
      ) : binary ? (
        <Text>{t('editor.binary')}</Text>
      ) : draft === undefined ? (
        <PageLoader />
      ) : (
        <Suspense fallback={<PageLoader />}>
          <CodeEditor
            path={path}
            value={draft.content}
            onChange={onChange}
            label={t('editor.editorLabel', { path })}
            dark={dark}
            readOnly={readOnly}
          />
        </Suspense>
      )}
      {path === SKILL_FILE && reading !== null ? <FrontmatterStatus reading={reading} /> : null}
    </>
  );
}
