import { storableText } from '../text/storable-text.js';

/**
 * The field a schema issue is about, as `details.field` names it (`skills.1`, `title`): its path,
 * or for unknown keys the first of them; '' for the body as a whole. Hostile key names are shown
 * escaped.
 */
export function issueField(
  issue: { readonly path: readonly PropertyKey[]; readonly keys?: readonly string[] } | undefined,
): string {
  if (issue === undefined) return '';
  const path = [
    ...issue.path.map(String),
    ...(issue.path.length === 0 && issue.keys?.[0] ? [issue.keys[0]] : []),
  ];
  return storableText(path.join('.'));
}
