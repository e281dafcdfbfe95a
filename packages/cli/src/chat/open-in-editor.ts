import { spawn } from 'node:child_process';

/**
 * Opens `file` in the user's editor (`$VISUAL`, then `$EDITOR`, else `vi`) on this terminal and
 * resolves with its exit code when it closes. The editor setting may carry arguments
 * (`code --wait`): it is run by `/bin/sh` with the file as `"$1"`, never pasted into the command.
 */
export function openInEditor(
  file: string,
  { env }: { env: Readonly<Record<string, string | undefined>> },
): Promise<number> {
  const editor = env.VISUAL?.trim() || env.EDITOR?.trim() || 'vi';
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', `${editor} "$1"`, 'editor', file], {
      stdio: 'inherit',
      env: env as NodeJS.ProcessEnv,
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal === null ? 0 : 128)));
  });
}
