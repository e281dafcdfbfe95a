import { z } from 'zod';
import type { AgentTool } from './agent-tool.js';
import { defineAgentTool } from './define-agent-tool.js';
import { errorResult, textResult } from './tool-results.js';

const schema = z.object({
  question: z.string().min(1).describe('One clear question for the user.'),
  options: z
    .array(z.string().min(1))
    .max(10)
    .optional()
    .describe('Suggested answers; the user may still answer in their own words.'),
});

/** What the model is told when nobody can answer: a result it can act on, never a hang. */
export const NO_USER_ANSWER =
  'No user can answer questions in this run: decide yourself, state the assumption you made, and continue.';

/**
 * The `ask_user_question` tool (SPEC G4): asks the user through `context.askUser`. In a
 * headless run (no `askUser`, or no answer) the model is told to decide itself.
 */
export function createAskUserQuestionTool(): AgentTool {
  return defineAgentTool({
    name: 'ask_user_question',
    description:
      'Ask the user a question when you cannot proceed without their decision. Offer options when the choices are known. Use sparingly.',
    kind: 'interact',
    schema,
    async execute({ question, options }, context) {
      if (context.askUser === undefined) return errorResult(NO_USER_ANSWER);
      const answer = await context.askUser({
        question,
        ...(options === undefined ? {} : { options }),
        allowFreeText: true,
      });
      if (answer === undefined || answer.trim() === '') return errorResult(NO_USER_ANSWER);
      return textResult(`The user answered: ${answer}`);
    },
  });
}
