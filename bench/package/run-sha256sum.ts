import { spawn } from 'node:child_process';

/** What `sha256sum` printed: one digest per file, by path. */
export type Sha256sumDigests = ReadonlyMap<string, string>;

/** Command-line bytes per `sha256sum` process, well under Linux's ARG_MAX. */
const MAX_ARGUMENT_BYTES = 96 * 1024;

/**
 * Hashes files with the system `sha256sum`, in as few processes as the argument limit allows, one
 * after another (like `xargs -P1`), and returns the digests it printed.
 */
export async function runSha256sum(files: readonly string[]): Promise<Sha256sumDigests> {
  const digests = new Map<string, string>();
  for (const batch of batches(files)) {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('sha256sum', ['--', ...batch], { stdio: ['ignore', 'pipe', 'inherit'] });
      const chunks: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0
          ? resolve(Buffer.concat(chunks).toString('utf8'))
          : reject(new Error(`sha256sum exited ${code}`)),
      );
    });
    for (const line of output.split('\n')) {
      if (line.length > 66) digests.set(line.slice(66), line.slice(0, 64));
    }
  }
  return digests;
}

function batches(files: readonly string[]): string[][] {
  const result: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const file of files) {
    if (bytes + file.length + 1 > MAX_ARGUMENT_BYTES && current.length > 0) {
      result.push(current);
      current = [];
      bytes = 0;
    }
    current.push(file);
    bytes += file.length + 1;
  }
  if (current.length > 0) result.push(current);
  return result;
}
