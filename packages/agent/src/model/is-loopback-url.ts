import { isLoopbackHost } from '@skilldock/core/install';

/** True when the URL points at this machine (a local server, which may need no API key). */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}
