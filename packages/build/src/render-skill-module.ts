import type { SkillFolderBundle } from './bundle-skill-folder.js';

/**
 * The JavaScript module a SKILL.md import becomes: a deeply frozen `BundledSkill` (core's `Skill`
 * shape, session level, files in memory) carrying the registered marker, with no import of its own,
 * so the bundled value needs neither a file system nor `@skilldock/core` to exist (SPEC I5, R4).
 * Absolute build paths are left out: the bundle does not leak the build machine's folders.
 */
export function renderSkillModule(bundle: SkillFolderBundle, specifier: string): string {
  const { skill, files } = bundle;
  const data = {
    id: skill.id,
    name: skill.name,
    description: skill.description,
    body: skill.body,
    fields: skill.fields,
    frontmatter: skill.frontmatter,
    files: files.map((file) => ({ path: file.path, size: file.size })),
    inlineFiles: Object.fromEntries(files.map((file) => [file.path, file.content])),
    origin: { sourceType: 'session', sourceScope: 'bundle' },
    diagnostics: [],
    module: specifier,
  };
  return [
    'const freeze = (value) => {',
    "  if (value !== null && typeof value === 'object') {",
    '    for (const key of Object.keys(value)) freeze(value[key]);',
    '    Object.freeze(value);',
    '  }',
    '  return value;',
    '};',
    // JSON.parse, not an object literal: a file named __proto__ stays a file, never a prototype.
    `const data = JSON.parse(${JSON.stringify(JSON.stringify(data))});`,
    "data[Symbol.for('skilldock.bundled-skill')] = true;",
    'const skill = freeze(data);',
    'export default skill;',
    '',
  ].join('\n');
}

/** The module a plain `.md` import becomes: its text as the default export. */
export function renderTextModule(text: string): string {
  return `export default ${JSON.stringify(text)};\n`;
}
