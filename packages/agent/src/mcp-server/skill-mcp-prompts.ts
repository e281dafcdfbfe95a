import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js';
import { type CatalogSnapshot, userInvocability } from '@skilldock/core/catalog';
import type { InvokeResult, SkillSession } from '@skilldock/core/runtime';

/** The one argument of every skill prompt: the text after `/<id>`, as R9 substitutes it. */
export const SKILL_PROMPT_ARGUMENT = 'arguments';

/**
 * The prompts the server lists (SPEC R9, D4): one per skill the user may run, named by its id.
 * `user-invocable: false` has none; `disable-model-invocation: true` keeps its prompt (it is the
 * only route left) though the model never sees it in the catalog.
 */
export function listSkillPrompts(snapshot: CatalogSnapshot): Prompt[] {
  return snapshot.skills
    .filter((skill) => userInvocability(skill).allowed)
    .map((skill) => ({
      name: skill.id,
      title: skill.name,
      description: skill.description,
      arguments: [
        {
          name: SKILL_PROMPT_ARGUMENT,
          description:
            skill.fields.argumentHint === undefined
              ? 'Text for the skill, as after /<skill id> (fills $ARGUMENTS, $0, $1, …).'
              : `Text for the skill: ${skill.fields.argumentHint}`,
          required: false,
        },
      ],
    }));
}

/**
 * `prompts/get` for a skill: `/<id> <arguments>` run through the session (SPEC R9), so the
 * instructions come with `$ARGUMENTS`, `$ARGUMENTS[N]` and `$N` filled in (or the arguments
 * appended) and the skill is active for the conversation. A refusal keeps its reason (D4).
 */
export async function getSkillPrompt(
  session: SkillSession,
  name: string,
  argumentsText: string | undefined,
): Promise<{ readonly ok: true; readonly result: GetPromptResult } | Extract<InvokeResult, { ok: false }>> {
  const text = (argumentsText ?? '').trim();
  const invoked = await session.invoke(`/${name}${text === '' ? '' : ` ${text}`}`);
  if (!invoked.ok) return invoked;
  const skill = session.catalog.get(invoked.skillId);
  return {
    ok: true,
    result: {
      ...(skill === undefined ? {} : { description: skill.description }),
      messages: [{ role: 'user', content: { type: 'text', text: invoked.prompt } }],
    },
  };
}
