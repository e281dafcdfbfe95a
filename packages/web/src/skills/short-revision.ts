/** `sha256:` and the first 12 hex digits: enough to tell revisions apart in a list. */
export function shortRevision(revision: string): string {
  return revision.slice('sha256:'.length, 'sha256:'.length + 12);
}
