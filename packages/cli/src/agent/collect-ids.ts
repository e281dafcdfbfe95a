import { InvalidArgumentError } from 'commander';

/**
 * Commander option parser for `--preload a,b --preload c`: comma-separated ids, repeatable. An
 * empty id (`--preload ''`, `a,,b`) is a usage error, never a silent "preload nothing".
 */
export function collectIds(value: string, previous: string[] = []): string[] {
  const ids = value.split(',').map((id) => id.trim());
  if (ids.some((id) => id === '')) throw new InvalidArgumentError('expected skill ids separated by commas');
  return [...previous, ...ids];
}
