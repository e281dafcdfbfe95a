import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { contentKey, fetchFile, type SkillKind } from './skill-content-api';
import { basePath, type EditAction, type SkillEditState } from './skill-edit-state';

/**
 * The open file's draft: loaded from the server once (at the base path it had before any
 * rename), then kept in the edit state, so switching files never loses typing.
 */
export function useFileDraft(
  kind: SkillKind,
  id: string,
  edit: SkillEditState,
  path: string,
  revision: string,
  dispatch: (action: EditAction) => void,
): { readonly error: Error | null; readonly encoding: 'utf8' | 'base64' | undefined } {
  const origin = edit.files[path] === undefined ? basePath(edit, path) : null;
  const file = useQuery({
    queryKey: [...contentKey(kind, id), 'file', revision, origin],
    queryFn: () => fetchFile(kind, id, origin!),
    enabled: origin !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (file.data !== undefined && origin !== null && file.data.encoding === 'utf8') {
      dispatch({ type: 'loaded', path, content: file.data.content });
    }
  }, [file.data, origin, path, dispatch]);
  return { error: file.error, encoding: edit.files[path] === undefined ? file.data?.encoding : 'utf8' };
}
