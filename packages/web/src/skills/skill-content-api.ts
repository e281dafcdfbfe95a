import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context';
import { ApiError, unwrap } from '../api/api-error';
import type { ApiClient } from '../api/create-api-client';
import type { components } from '../api/generated/openapi';
import type { SkillEditState } from './skill-edit-state';
import { toSaveEdits } from './skill-edit-state';

export type SkillTree = components['schemas']['SkillTree'];
export type SkillFile = components['schemas']['SkillFile'];
export type SkillSaveResult = components['schemas']['SkillSaveResult'];

/**
 * A shared (or builtin) skill edits through `/api/skills`, a personal one through
 * `/api/personal-skills`, an agent's bound skill (`self-<8 hex>`) through `/api/bound-skills`.
 */
export type SkillKind = 'shared' | 'personal' | 'bound';

const CONTENT_ROOT: Readonly<Record<SkillKind, string>> = {
  shared: '/api/skills',
  personal: '/api/personal-skills',
  bound: '/api/bound-skills',
};

/** The base of a skill's content routes. */
export function contentBase(kind: SkillKind, id: string): string {
  return `${CONTENT_ROOT[kind]}/${encodeURIComponent(id)}`;
}

/** The URL of one file: each segment encoded on its own, so `scripts/run.sh` stays two segments. */
export function fileUrl(kind: SkillKind, id: string, path: string): string {
  return `${contentBase(kind, id)}/files/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** The query key of a skill's tree and files. */
export function contentKey(kind: SkillKind, id: string) {
  return ['skill-content', kind, id] as const;
}

/** A skill's tree at its current revision. */
export function useSkillTree(kind: SkillKind, id: string) {
  const { api } = useApi();
  return useQuery({ queryKey: [...contentKey(kind, id), 'tree'], queryFn: () => fetchTree(api, kind, id) });
}

/** Reads a skill's tree. */
export function fetchTree(api: ApiClient, kind: SkillKind, id: string): Promise<SkillTree> {
  const path = { params: { path: { id } } };
  if (kind === 'shared') return unwrap(api.GET('/api/skills/{id}/tree', path));
  if (kind === 'bound') return unwrap(api.GET('/api/bound-skills/{id}/tree', path));
  return unwrap(api.GET('/api/personal-skills/{id}/tree', path));
}

/** Reads one file of a skill as it is now. */
export async function fetchFile(kind: SkillKind, id: string, path: string): Promise<SkillFile> {
  const response = await fetch(fileUrl(kind, id, path), { credentials: 'same-origin' });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw ApiError.from(response, body);
  return body as SkillFile;
}

/** Saves every pending edit in one request (`POST …/save` with the base revision). */
export function saveSkill(
  api: ApiClient,
  kind: SkillKind,
  id: string,
  state: SkillEditState,
): Promise<SkillSaveResult> {
  const request = {
    params: { path: { id } },
    body: { baseRevision: state.baseRevision, edits: toSaveEdits(state) },
  };
  if (kind === 'shared') return unwrap(api.POST('/api/skills/{id}/save', request));
  if (kind === 'bound') return unwrap(api.POST('/api/bound-skills/{id}/save', request));
  return unwrap(api.POST('/api/personal-skills/{id}/save', request));
}

/** Whether a refused save means the skill changed on the server since it was loaded. */
export function isConflict(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    (error.code === 'revision_conflict' || error.code === 'file_changed')
  );
}
