import { draftStore } from './content-draft.js';
import type { ContentLayout } from './content-layout.js';

/**
 * Removes the staging folders of expired drafts (SPEC P6: one hour) and abandoned ones under
 * `<data>/drafts` — core's `DraftStore.sweep`. Call it at start-up and now and then; the route
 * deletes the rows of the ids returned.
 * @example for (const id of await sweepContentDrafts(layout)) await db.delete(drafts).where(eq(drafts.id, id));
 */
export function sweepContentDrafts(layout: ContentLayout, now?: () => Date): Promise<string[]> {
  return draftStore(layout, now).sweep();
}
