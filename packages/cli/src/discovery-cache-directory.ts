import type { CliContext } from './cli-context.js';
import { loadCore } from './load-core.js';

/**
 * The folder where discovery keeps parsed skills between commands (`~/.cache/skilldock/discovery`):
 * a listing or an agent start then costs a stat per unchanged skill instead of a read and a parse.
 * `undefined` when `SKILLDOCK_NO_CACHE=1` turns the cache off.
 */
export async function discoveryCacheDirectory(
  context: Pick<CliContext, 'homeDirectory' | 'env'>,
): Promise<string | undefined> {
  if (context.env.SKILLDOCK_NO_CACHE === '1') return undefined;
  const { defaultDiscoveryCacheDirectory } = await loadCore('discover');
  return defaultDiscoveryCacheDirectory(context.homeDirectory, context.env);
}
