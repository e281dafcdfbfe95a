import { isLoopbackHost } from '@skilldock/core';

/** True when the URL points at this machine (a local server, which may need no API key). */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}
