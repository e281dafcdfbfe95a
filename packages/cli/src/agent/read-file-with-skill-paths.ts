import type { AgentTool } from '@skilldock/agent';
import type { SkillSession } from '@skilldock/core';

/**
 * The host's `read_file`, also answering the skills' virtual paths (`/.skills/<id>/<file>`, SPEC R4)
 * through the skill session — the same answer `read_skill_resource` gives, read-only, with reading
 * a SKILL.md counting as activating it (R5). Other paths go to the real tool. The declaration
 * (name, description, schema) is the real tool's, so the prompt prefix does not change (R1).
 */
export function readFileWithSkillPaths(
  readFile: AgentTool,
  session: SkillSession,
  isSkillVirtualPath: (path: string) => boolean,
): AgentTool {
  return {
    name: readFile.name,
    description: readFile.description,
    inputSchema: readFile.inputSchema,
    kind: readFile.kind,
    execute(input, context) {
      const { path, offset, limit } = (input ?? {}) as { path?: unknown; offset?: unknown; limit?: unknown };
      if (typeof path !== 'string' || !isSkillVirtualPath(path)) return readFile.execute(input, context);
      return session.readSkillResource({
        path,
        ...(typeof offset === 'number' ? { offset } : {}),
        ...(typeof limit === 'number' ? { limit } : {}),
      });
    },
  };
}
