import path from 'node:path';
import { SKILL_FILE_NAME } from '@skilldock/core/format';
import type { AgentEvent } from '../../loop/agent-event.js';
import type { AgentTool } from '../../tools/agent-tool.js';

/** Counts a session's tool calls toward an auto-skill review (SPEC L2). */
export interface AutoSkillTrigger {
  /** Notes one event of the session's runs. */
  observe(event: AgentEvent): void;
  /** True (once) when a review is due: the count is then reset. */
  takeDue(): boolean;
  /** Tool calls counted since the last review was scheduled. */
  readonly count: number;
  /** The user's session wrote a `SKILL.md` itself: no review for the rest of the session. */
  readonly userWroteSkill: boolean;
}

/**
 * The trigger of SPEC L2: every finished tool call counts; at `threshold` a review is due and the
 * count starts again. A successful write of a `SKILL.md` by the session itself (the user is writing
 * skills by hand) turns reviews off for the session.
 * @example const trigger = createAutoSkillTrigger({ threshold: 20, tools: workspace.tools });
 */
export function createAutoSkillTrigger({
  threshold,
  tools,
}: {
  readonly threshold: number;
  readonly tools: readonly AgentTool[];
}): AutoSkillTrigger {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  let count = 0;
  let userWroteSkill = false;
  return {
    observe(event) {
      if (event.type !== 'tool-call-end') return;
      count++;
      if (event.outcome !== 'done') return;
      const tool = byName.get(event.toolCall.name);
      if (tool?.kind !== 'edit' || tool.writeTargets === undefined) return;
      let input: unknown;
      try {
        input = JSON.parse(event.toolCall.arguments);
      } catch {
        return;
      }
      if (tool.writeTargets(input).some((target) => path.basename(target) === SKILL_FILE_NAME))
        userWroteSkill = true;
    },
    takeDue() {
      if (userWroteSkill || count < threshold) return false;
      count = 0;
      return true;
    },
    get count() {
      return count;
    },
    get userWroteSkill() {
      return userWroteSkill;
    },
  };
}
