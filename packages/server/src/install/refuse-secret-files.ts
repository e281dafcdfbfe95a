import { DraftStore } from '@skilldock/core/install';
import { type ContentDraft, cancelContentDraft, contentLayout } from '../content/index.js';
import { HttpError } from '../http/http-error.js';

/**
 * Refuses an uploaded draft that held secret files (SPEC P2's list: `.env`, private keys, `.npmrc`,
 * …; issue 12 §6, Y15). Core's import already left them out of the staged copy; an upload carrying
 * them is refused outright, and its draft is removed, so nothing of it is visible afterwards.
 * @throws HttpError 422 `secret_in_package` naming the files (names only, never their content).
 */
export async function refuseSecretFiles(dataDir: string, draft: ContentDraft): Promise<void> {
  const layout = contentLayout(dataDir);
  const stored = await new DraftStore({ directory: layout.draftsDirectory }).get(draft.id);
  const files = (stored?.skills ?? []).flatMap((skill) => skill.secrets.map((file) => `${skill.id}/${file}`));
  if (files.length === 0) return;
  await cancelContentDraft(layout, draft.id);
  throw new HttpError(
    422,
    'secret_in_package',
    `The upload holds secret files (${files.join(', ')}); remove them and upload again.`,
    { details: { files } },
  );
}
