import { unwrap } from '../api/api-error';
import type { ApiClient } from '../api/create-api-client';
import type { components } from '../api/generated/openapi';
import type { SkillFile, SkillSaveResult, SkillTree } from './skill-content-api';

export type SkillHistory = components['schemas']['SkillHistory'];
export type SkillRevision = components['schemas']['SkillRevision'];

/** The kinds of skill with a history of saves (an agent's bound skill has released versions instead). */
export type HistoryKind = 'shared' | 'personal';

/** The query key of a skill's history. */
export function historyKey(kind: HistoryKind, id: string) {
  return ['skill-history', kind, id] as const;
}

/** A skill's saved revisions, newest first. */
export function fetchHistory(api: ApiClient, kind: HistoryKind, id: string): Promise<SkillHistory> {
  const path = { params: { path: { id } } };
  if (kind === 'shared') return unwrap(api.GET('/api/skills/{id}/history', path));
  return unwrap(api.GET('/api/personal-skills/{id}/history', path));
}

/** A skill's tree at one revision of its history. */
export function fetchRevisionTree(
  api: ApiClient,
  kind: HistoryKind,
  id: string,
  revision: string,
): Promise<SkillTree> {
  const path = { params: { path: { id, revision } } };
  if (kind === 'shared') return unwrap(api.GET('/api/skills/{id}/history/{revision}/tree', path));
  return unwrap(api.GET('/api/personal-skills/{id}/history/{revision}/tree', path));
}

/**
 * Fills a file route's path: each parameter encoded, the file path (`{path}`) segment by segment
 * (so `scripts/run.sh` stays two segments — the server decodes the rest of the URL once).
 */
export function filePathSerializer(pathname: string, params: Record<string, unknown>): string {
  return pathname.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'path'
      ? String(params.path).split('/').map(encodeURIComponent).join('/')
      : encodeURIComponent(String(params[name])),
  );
}

/** One file of a skill at one revision of its history. */
export function fetchRevisionFile(
  api: ApiClient,
  kind: HistoryKind,
  id: string,
  revision: string,
  filePath: string,
): Promise<SkillFile> {
  const request = { params: { path: { id, revision, path: filePath } }, pathSerializer: filePathSerializer };
  if (kind === 'shared') return unwrap(api.GET('/api/skills/{id}/history/{revision}/files/{path}', request));
  return unwrap(api.GET('/api/personal-skills/{id}/history/{revision}/files/{path}', request));
}

/** One file of a skill as it is now (through the same client, for the diff). */
export function fetchCurrentFile(
  api: ApiClient,
  kind: HistoryKind,
  id: string,
  filePath: string,
): Promise<SkillFile> {
  const request = { params: { path: { id, path: filePath } }, pathSerializer: filePathSerializer };
  if (kind === 'shared') return unwrap(api.GET('/api/skills/{id}/files/{path}', request));
  return unwrap(api.GET('/api/personal-skills/{id}/files/{path}', request));
}

/** Makes `revision` current again, from the revision the editor shows (a save since is a 409). */
export function restoreRevision(
  api: ApiClient,
  kind: HistoryKind,
  id: string,
  revision: string,
  baseRevision: string,
): Promise<SkillSaveResult> {
  const request = { params: { path: { id, revision } }, body: { baseRevision } };
  if (kind === 'shared') return unwrap(api.POST('/api/skills/{id}/history/{revision}/restore', request));
  return unwrap(api.POST('/api/personal-skills/{id}/history/{revision}/restore', request));
}
