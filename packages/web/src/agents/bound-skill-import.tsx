import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError, unwrap } from '../api/api-error';
import type { ApiClient } from '../api/create-api-client';
import { type Diagnostic, DiagnosticList } from '../skills/diagnostic-list';
import { ApiErrorMessage } from '../ui/api-error-message';

interface FailedImport {
  readonly sourcePath?: string;
  readonly message?: string;
  readonly diagnostics?: Diagnostic[];
}

/** The server's reasons for refusing an import (`bound_skill_import_invalid`'s failed skills). */
function importReasons(error: Error): FailedImport[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.details.failed)) return [];
  return error.details.failed as FailedImport[];
}

/**
 * Imports `file` (a ZIP, .tar.gz or SKILL.md) as the agent's bound skill through the server's upload
 * path (`POST /api/agents/{id}/bound-skill/import`: the P3 and secret-file checks, exactly one skill).
 */
export function importBoundSkill(api: ApiClient, agentId: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return unwrap(
    api.POST('/api/agents/{id}/bound-skill/import', {
      params: { path: { id: agentId } },
      body: form as never,
      bodySerializer: (body) => body as unknown as FormData,
    }),
  );
}

/**
 * Why an import was refused: the code's text with the server's message below (as every error the
 * app shows), what became of the rest, then each failed skill's place and diagnostics.
 */
export function BoundSkillImportRefusal({
  error,
  title,
  children,
}: {
  readonly error: Error;
  readonly title: string;
  /** What became of the rest (the agent made without its skill, say). */
  readonly children?: ReactNode;
}) {
  return (
    <ApiErrorMessage error={error} title={title}>
      {children}
      {importReasons(error).map((failure) => (
        <Stack key={`${failure.sourcePath}:${failure.message}`} gap={2} mt="xs">
          {failure.sourcePath === undefined ? null : (
            <Text size="sm" ff="monospace">
              {failure.sourcePath}
            </Text>
          )}
          <DiagnosticList diagnostics={failure.diagnostics ?? []} />
        </Stack>
      ))}
    </ApiErrorMessage>
  );
}
