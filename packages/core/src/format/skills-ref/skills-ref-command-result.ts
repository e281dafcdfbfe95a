import { stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';

/** What a `skills-ref` command prints and how it exits; the CLI writes both streams verbatim. */
export interface SkillsRefCommandResult {
  readonly stdout: string;
  readonly stderr: string;
  /** 0 success, 1 invalid skill or error, 2 usage error (a missing path). */
  readonly exitCode: 0 | 1 | 2;
}

/** Options shared by the three commands. */
export interface SkillsRefCommandOptions {
  /** Folder relative paths are taken from; default `process.cwd()`. */
  readonly cwd?: string;
  /**
   * The command as shown in usage errors. The reference prints its own program name
   * (`skills-ref validate`); ours is `skilldock skills validate`, the only intended difference.
   */
  readonly commandPath?: string;
}

/**
 * A usage error shaped like click's `UsageError.show()`: usage line, help hint, blank line, error.
 * @param usage The arguments part of the usage line, e.g. `[OPTIONS] SKILL_PATH`.
 */
export function skillsRefUsageError(
  commandPath: string,
  usage: string,
  message: string,
): SkillsRefCommandResult {
  const stderr = `Usage: ${commandPath} ${usage}\nTry '${commandPath} --help' for help.\n\nError: ${message}\n`;
  return { stdout: '', stderr, exitCode: 2 };
}

/**
 * click's `Path(exists=True)` check: `os.stat` on the argument exactly as typed (so `file.txt/`
 * does not exist), relative to `cwd`. Returns the error message when the path is missing.
 * @param metavar The argument's name in messages, e.g. `SKILL_PATH` or `SKILL_PATHS...`.
 */
export async function checkSkillsRefPathExists(
  pathArgument: string,
  metavar: string,
  cwd: string,
): Promise<string | undefined> {
  const onDisk =
    pathArgument === '' || isAbsolute(pathArgument)
      ? pathArgument
      : `${cwd.replace(/\/+$/, '')}/${pathArgument}`;
  const missing = `Invalid value for '${metavar}': Path '${pathArgument}' does not exist.`;
  if (onDisk === '') return missing;
  try {
    await stat(onDisk);
    return undefined;
  } catch {
    return missing;
  }
}
