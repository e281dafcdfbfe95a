import type { Viewer } from '../auth/principal.js';
import { type ContentDraft, contentLayout, prepareRemoteDraft } from '../content/index.js';
import type { SkilldockDatabase } from '../db/database.js';
import { assertLoopbackListed } from './assert-loopback-listed.js';
import type { InstallContext } from './install-options.js';
import { readInstallSettings } from './install-settings.js';
import { withRemoteSourceFailures } from './remote-source-failure.js';
import { storePreparedDraft } from './store-prepared-draft.js';

/** Who asks for a remote draft, and which skills of the source (all by default). */
export interface RemoteInstallRequest {
  readonly viewer: Viewer;
  readonly requestId: string;
  readonly source: string;
  readonly skills?: readonly string[];
}

/**
 * Prepares a personal-or-shared install DRAFT from a remote source for `viewer` (SPEC Y4, Y9, P5,
 * P6): GitHub, a git URL, ModelScope or a well-known index, through the admins' `allowed_hosts`
 * read now (a loopback source must be listed by `host:port` even where tests allow plain http).
 * Nothing is installed: the draft waits for its owner's confirmation. The one way the remote
 * route and a run's `install_skill` tool prepare a draft.
 * @throws SecurityError `host_not_allowed`, `remote_install_disabled`, and every refusal of
 *   `prepareRemoteDraft` (as an `HttpError` with its status, through `storePreparedDraft`); a
 *   remote that failed answers 502 in one style for every source (`withRemoteSourceFailures`).
 */
export async function prepareRemoteInstall(
  db: SkilldockDatabase,
  install: InstallContext,
  request: RemoteInstallRequest,
): Promise<ContentDraft> {
  const { allowedHosts } = await readInstallSettings(db);
  const { remote } = install;
  if (remote.allowInsecureLocalhost) assertLoopbackListed(request.source, allowedHosts);
  const layout = contentLayout(install.dataDir);
  return storePreparedDraft(db, install.dataDir, request, () =>
    withRemoteSourceFailures(layout, remote.modelScopeHosts, () =>
      prepareRemoteDraft(layout, {
        source: request.source,
        allowedHosts,
        now: install.now,
        ...(request.skills === undefined ? {} : { skills: request.skills }),
        ...(remote.allowInsecureLocalhost ? { allowInsecureLocalhost: true } : {}),
        ...(remote.gitConfig === undefined ? {} : { gitConfig: remote.gitConfig }),
        ...(remote.env === undefined ? {} : { env: remote.env }),
        ...(remote.modelScopeHosts === undefined ? {} : { modelScopeHosts: remote.modelScopeHosts }),
      }),
    ),
  );
}
