import { SKILL_FILE_NAME } from '@skilldock/core/format';
import {
  isSkillVirtualPath,
  parseSkillVirtualPath,
  type SkillResourceRequest,
  type SkillSession,
} from '@skilldock/core/runtime';
import type { AgentEvent } from './agent-event.js';

/**
 * The resource request of a read tool call whose `path` is a virtual skill path
 * (`/.skills/<id>/<file>`, SPEC R4), or undefined for any other call. `offset`, `limit` and
 * `byte_offset` carry over when they are numbers.
 */
export function skillPathRequest(input: unknown): SkillResourceRequest | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const {
    path,
    offset,
    limit,
    byte_offset: byteOffset,
  } = input as {
    path?: unknown;
    offset?: unknown;
    limit?: unknown;
    byte_offset?: unknown;
  };
  if (typeof path !== 'string' || !isSkillVirtualPath(path.trim())) return undefined;
  return {
    path,
    ...(typeof offset === 'number' ? { offset } : {}),
    ...(typeof limit === 'number' ? { limit } : {}),
    ...(typeof byteOffset === 'number' ? { byteOffset } : {}),
  };
}

/**
 * Answer a virtual skill path through the session (SPEC R4), and say which skills the read
 * activated (R5: reading a `SKILL.md` activates its skill). Only the skills the path can name as
 * `SKILL.md` are checked, so a read running alongside others never claims their activations.
 */
export async function readSkillPath(
  session: SkillSession,
  request: SkillResourceRequest,
): Promise<{ result: Awaited<ReturnType<SkillSession['readSkillResource']>>; events: AgentEvent[] }> {
  const parsed = parseSkillVirtualPath(request.path);
  const candidates = parsed.ok
    ? parsed.candidates.flatMap((candidate) => {
        const skill = candidate.file === SKILL_FILE_NAME ? session.catalog.get(candidate.skillId) : undefined;
        return skill === undefined || session.isActive(skill.id) ? [] : [skill.id];
      })
    : [];
  const result = await session.readSkillResource(request);
  const events: AgentEvent[] = [...new Set(candidates)]
    .filter((skillId) => session.isActive(skillId))
    .map((skillId) => ({ type: 'skill-activate', skillId, trigger: 'file-read' }));
  return { result, events };
}
