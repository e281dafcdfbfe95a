import { createSubagentTemplate, parseSubagent } from '@skilldock/core/format';
import { isSafePathSegment } from '@skilldock/core/fs';

/**
 * Why `name` cannot name a new agent file, or `undefined` when it can: the S6 name rule (2–50
 * letters, digits, `-`, `_`, not reserved) checked by core's parser, and one safe path segment
 * (SPEC SEC1), since it becomes `<name>.md`.
 * @example checkSubagentName('a/b') // "may contain only letters, digits, '_' and '-'"
 */
export function checkSubagentName(name: string): string | undefined {
  const problems = parseSubagent(createSubagentTemplate({ name, description: 'check' })).diagnostics.filter(
    (diagnostic) => diagnostic.severity === 'error' && diagnostic.path?.[0] === 'name',
  );
  if (problems.length > 0)
    return problems.map((problem) => problem.message.replace(/^'name': /, '')).join('; ');
  return isSafePathSegment(name) ? undefined : 'is not a single file name';
}
