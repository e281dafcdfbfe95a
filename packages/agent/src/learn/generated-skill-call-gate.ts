import { lstat, mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { SecurityError } from '@skilldock/core/errors';
import { isPathInside } from '@skilldock/core/format';
import type { ToolPermission } from '@skilldock/core/runtime';
import type { CallGate, GatedToolCall } from '../loop/run-context.js';
import type { CheckedSkillWrite, GeneratedSkillGuard } from './generated-skill-guard.js';
import { secretFileRule } from './secret-file-rule.js';

/** Options of {@link createGeneratedSkillCallGate}. */
export interface GeneratedSkillCallGateOptions {
  /** The run's project root: relative paths in tool arguments are resolved against it. */
  readonly cwd: string;
  /**
   * Checks the whole new text of a file before it is written (a `write_file` call); returns the
   * problems, empty when it may be written. A generated `SKILL.md` that fails the `spec` profile is
   * refused this way, so it never reaches the disk and the model reads why.
   */
  readonly checkContent?: (write: CheckedSkillWrite, content: string) => readonly string[];
  /** Told of each write the gate lets through, after every check passed (the write runs next). */
  readonly onWrite?: (write: CheckedSkillWrite) => void;
  /**
   * Files and folders read tools may look at (their `path` argument, real paths compared, default
   * the project root); absent: wherever the tools themselves allow. Learn passes the source and the
   * learn directory, so a page that talks the model into reading `.env` gets a refusal. With it,
   * secret files (the P2 rules: `.env`, keys, `.ssh/`, …) are refused inside the roots too.
   */
  readonly readRoots?: readonly string[];
  /**
   * A create makes its skill folder at once, with an exclusive `mkdir`, before the tool writes
   * into it: a second writer (another run) whose check comes before this write is refused instead
   * of overwriting it. Such a create must carry the whole text (`write_file`). The folder is then
   * the run's to remove if it keeps nothing (`guard.createdSkills()`). Default false.
   */
  readonly reserveCreates?: boolean;
}

/**
 * Makes a run's writing tools go through a {@link GeneratedSkillGuard} (SPEC L1, L2): set it as the
 * run's `callGate`. Read and interact tools pass; a tool that runs commands is refused; a writing
 * tool (`kind: 'edit'`) must declare its targets (`writeTargets`) and each is checked — a target
 * whose skill folder does not exist yet is a `create`, any other an `edit`, and `write_file`'s
 * `content` is checked for the mark (and by `checkContent`). The tools themselves are unchanged:
 * their own confinement (project root, files that configure the agent) still applies after this.
 * @example
 * const context = createRunContext({ ...options, callGate: createGeneratedSkillCallGate(guard, { cwd }) });
 */
export function createGeneratedSkillCallGate(
  guard: GeneratedSkillGuard,
  options: GeneratedSkillCallGateOptions,
): CallGate {
  return async ({ tool, input }: GatedToolCall): Promise<ToolPermission> => {
    if (tool.kind === 'interact') return { allowed: true };
    if (tool.kind === 'read') {
      return options.readRoots === undefined
        ? { allowed: true }
        : checkRead(tool.name, input, options.cwd, options.readRoots);
    }
    if (tool.kind === 'execute') {
      return refused(
        `The tool ${tool.name} was not run: this run may not run commands; it may only write skills in ${guard.directory}.`,
      );
    }
    const targets = tool.writeTargets?.(input) ?? [];
    if (targets.length === 0) {
      return refused(
        `The tool ${tool.name} was not run: it does not say what it writes, and this run may only write skills in ${guard.directory}.`,
      );
    }
    const content = typeof input.content === 'string' ? input.content : undefined;
    const checkedWrites: CheckedSkillWrite[] = [];
    try {
      for (const target of targets) {
        const absolute = path.resolve(options.cwd, target);
        const checked = await guard.check({
          action: (await isNewSkillFolder(guard.directory, absolute)) ? 'create' : 'edit',
          path: absolute,
          ...(content === undefined ? {} : { content }),
        });
        const problems = content === undefined ? [] : (options.checkContent?.(checked, content) ?? []);
        if (problems.length > 0) {
          return refused(
            `Nothing was written: ${checked.folderName}/${checked.file} would not be a valid skill:\n${problems.map((problem) => `- ${problem}`).join('\n')}\nFix these and write the file again.`,
          );
        }
        if (options.reserveCreates === true && checked.action === 'create' && content === undefined) {
          return refused(
            `The tool ${tool.name} was not run: a new skill is written whole, with write_file and its complete text.`,
          );
        }
        checkedWrites.push(checked);
      }
      if (options.reserveCreates === true) {
        for (const write of checkedWrites.filter((checked) => checked.action === 'create')) {
          await reserveFolder(write.skillDirectory);
        }
      }
    } catch (error) {
      if (SecurityError.isInstance(error)) return refused(`Refused: ${error.message}`);
      throw error;
    }
    for (const write of checkedWrites) options.onWrite?.(write);
    return { allowed: true };
  };
}

/** Makes the new skill folder, failing when anything made it since the guard looked. */
async function reserveFolder(skillDirectory: string): Promise<void> {
  await mkdir(path.dirname(skillDirectory), { recursive: true });
  try {
    await mkdir(skillDirectory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    throw new SecurityError(
      'generated_skill_exists',
      `${skillDirectory} was created by someone else a moment ago; a new skill never overwrites another. Pick another name.`,
      { details: { path: skillDirectory } },
    );
  }
}

async function checkRead(
  toolName: string,
  input: Readonly<Record<string, unknown>>,
  cwd: string,
  roots: readonly string[],
): Promise<ToolPermission> {
  const requested = typeof input.path === 'string' && input.path !== '' ? input.path : '.';
  const pattern = typeof input.pattern === 'string' ? input.pattern : '';
  const real = await realpathOfExisting(path.resolve(cwd, requested));
  const realRoots = await Promise.all(roots.map((root) => realpathOfExisting(path.resolve(cwd, root))));
  const leavesRoots =
    /(^|[\\/])\.\.([\\/]|$)/.test(pattern) || !realRoots.some((root) => isPathInside(real, root));
  if (leavesRoots) {
    return refused(
      `The tool ${toolName} was not run: this run may read only ${roots.map((root) => path.relative(cwd, root) || '.').join(', ')}.`,
    );
  }
  const secret = secretFileRule(path.relative(await realpathOfExisting(cwd), real));
  if (secret !== undefined) {
    return refused(
      `The tool ${toolName} was not run: ${requested} is a secret file (${secret}); it is never read.`,
    );
  }
  return { allowed: true };
}

/** The real path of `target`, or of its longest existing prefix with the rest appended. */
async function realpathOfExisting(target: string): Promise<string> {
  const missing: string[] = [];
  let current = target;
  for (;;) {
    try {
      return path.join(await realpath(current), ...missing.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return target;
      missing.push(path.basename(current));
      current = parent;
    }
  }
}

/** True when `target` lies in a skill folder of `directory` that does not exist yet. */
async function isNewSkillFolder(directory: string, target: string): Promise<boolean> {
  if (!isPathInside(target, directory) || target === directory) return false;
  const folder = path.join(directory, path.relative(directory, target).split(path.sep)[0]!);
  try {
    await lstat(folder);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

function refused(reason: string): ToolPermission {
  return { allowed: false, reason, skillIds: [] };
}
