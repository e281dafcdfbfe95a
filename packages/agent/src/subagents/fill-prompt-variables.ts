/**
 * Fills `${name}` placeholders of a subagent's system prompt (SPEC A3) from `variables`; a
 * placeholder with no value stays as written, so a prompt that shows `${HOME}` in a shell example
 * keeps it. Values are inserted once: a value holding `${…}` is not filled again.
 * @example fillPromptVariables('Work in ${cwd}.', { cwd: '/repo' }) // 'Work in /repo.'
 */
export function fillPromptVariables(template: string, variables: Readonly<Record<string, string>>): string {
  return template.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (placeholder, name: string) =>
    Object.hasOwn(variables, name) ? variables[name]! : placeholder,
  );
}
