import type { SourceLocation } from './skill-import-error.js';

// `import(` then a string or template literal whose text names a SKILL.md.
const DYNAMIC_SKILL_IMPORT = /\bimport\s*\(\s*(['"`])((?:(?!\1)[^\\\n]|\\.)*SKILL\.md)\1/g;

/**
 * Where the first dynamic `import()` of a SKILL.md is in a module's source, if any (SPEC I5: skill
 * imports are static, so the build sees, validates and bundles every one).
 * @example findDynamicSkillImport("await import('./skills/x/SKILL.md')", 'app.ts') // { file: 'app.ts', line: 1, column: 7, … }
 */
export function findDynamicSkillImport(
  code: string,
  file: string,
): (SourceLocation & { readonly specifier: string }) | undefined {
  DYNAMIC_SKILL_IMPORT.lastIndex = 0;
  const match = DYNAMIC_SKILL_IMPORT.exec(code);
  if (match === null) return undefined;
  const before = code.slice(0, match.index);
  const line = before.split('\n').length;
  const column = match.index - before.lastIndexOf('\n');
  return { file, line, column, specifier: match[2] ?? '' };
}
