/** Commander option parser for `--preload a,b --preload c`: comma-separated ids, repeatable. */
export function collectIds(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== ''),
  ];
}
