import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConflictError, UserInputError } from '@skilldock/core/errors';
import { createSubagentTemplate, parseSubagent, type SubagentTemplateInput } from '@skilldock/core/format';
import { proveInside } from '@skilldock/core/fs';
import { checkSubagentName } from './check-subagent-name.js';

/**
 * Writes a new agent file `<directory>/<name>.md` from {@link createSubagentTemplate} (SPEC A8):
 * the text is checked with `parseSubagent` first, the name must be one safe path segment (SPEC
 * SEC1) before it becomes a file name, the file is proved to land inside `directory`, and an
 * existing file is never overwritten. Writing it is the user's own action (`skilldock agents new`,
 * `/agents create`). Returns the file written.
 * @throws UserInputError `invalid_subagent_name` / `invalid_subagent_definition`; ConflictError `subagent_exists`.
 * @example await createSubagentFile(path.join(projectRoot, '.agents', 'agents'), { name: 'reviewer' })
 */
export async function createSubagentFile(directory: string, input: SubagentTemplateInput): Promise<string> {
  const { name } = input;
  const text = createSubagentTemplate(input);
  const parsed = parseSubagent(text);
  const nameProblem = checkSubagentName(name);
  if (nameProblem !== undefined) {
    throw new UserInputError(
      'invalid_subagent_name',
      `cannot create the agent ${JSON.stringify(name)}: it ${nameProblem}. Use 2 to 50 letters, digits, '-' or '_', e.g. code-reviewer.`,
      { details: { name } },
    );
  }
  const problems = parsed.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (!parsed.ok) {
    throw new UserInputError(
      'invalid_subagent_definition',
      `cannot create the agent ${name}: ${problems.map((problem) => problem.message).join('; ')}`,
      { details: { name } },
    );
  }
  await mkdir(directory, { recursive: true });
  const file = await proveInside(path.join(directory, `${name}.md`), directory);
  try {
    // `wx`: fails on anything already there, a dangling link included.
    await writeFile(file, text, { flag: 'wx', mode: 0o644 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new ConflictError(
        'subagent_exists',
        `${file} already exists; choose another name or remove it first`,
        {
          details: { path: file },
        },
      );
    }
    throw error;
  }
  return file;
}
