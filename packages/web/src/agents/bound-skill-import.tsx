import { Alert, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError, unwrap } from '../api/api-error';
import type { ApiClient } from '../api/create-api-client';
import { type Diagnostic, DiagnosticList } from '../skills/diagnostic-list';

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

/** Why an import was refused: the server's message, then each failed skill's place and diagnostics. */
export function BoundSkillImportRefusal({
  error,
  title,
  children,
}: {
  readonly error: Error;
  readonly title: string;
  /** Said before the server's message (what became of the rest). */
  readonly children?: ReactNode;
}) {
  return (
    <Alert color="red" role="alert" title={title}>
      {children}
      <Text size="sm">{error.message}</Text>
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
    </Alert>
  );
}
