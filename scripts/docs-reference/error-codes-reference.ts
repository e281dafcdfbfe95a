import { EXIT_CODE_BY_ERROR_CODE, ExitCode } from '../../packages/cli/src/exit-codes.js';
import { errorCodeCatalog } from './error-code-catalog.js';
import { cell, code, page } from './markdown.js';

const PACKAGE_NAMES: Readonly<Record<string, string>> = {
  core: '@skilldock/core',
  agent: '@skilldock/agent',
  server: '@skilldock/server',
  build: '@skilldock/build',
  cli: 'skilldock (CLI)',
  web: '@skilldock/web',
};

/**
 * `reference/error-codes.md`: every code of `SkilldockErrorCodes`, one heading each (so a link can
 * point at one), with the package that throws it, the CLI's exit code and its meaning — the
 * registry's TSDoc where the code has one, else the message it is thrown with.
 */
export function errorCodesReferencePage(): string {
  const catalog = errorCodeCatalog();
  const sections = catalog.map((entry) => {
    const mapped = EXIT_CODE_BY_ERROR_CODE[entry.code as keyof typeof EXIT_CODE_BY_ERROR_CODE];
    const exit =
      mapped ??
      (entry.packageName === 'cli' && entry.errorClass === 'UsageError' ? ExitCode.usage : ExitCode.invalid);
    const facts = [`${PACKAGE_NAMES[entry.packageName] ?? entry.packageName}`, `CLI exit ${exit}`];
    if (entry.errorClass !== undefined) facts.push(code(entry.errorClass));
    return [
      `### ${entry.code}`,
      '',
      facts.join(' · '),
      '',
      entry.meaning === undefined ? '' : cell(entry.meaning),
      '',
    ]
      .filter((line, index, lines) => !(line === '' && lines[index - 1] === ''))
      .join('\n');
  });
  return page(
    'Error codes',
    [
      `The ${catalog.length} stable error codes Skilldock throws (\`SkilldockError.code\`), from the registry`,
      '`SkilldockErrorCodes` that every package adds its codes to. Match on the code, never on the',
      'message. The meaning is the code’s own description where it has one, else the message it is',
      'thrown with (`…` stands for what varies: a path, a name, a number). The HTTP API answers',
      'errors as `{ "error": { "code", "message", "details" } }` with these codes; the CLI prints the',
      'same object with `--json` and exits as listed (see [Exit codes](./exit-codes)).',
    ].join('\n'),
    sections.join('\n'),
  );
}
