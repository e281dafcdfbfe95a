import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserQuestion } from '../../src/tools/agent-tool.js';
import { createAskUserQuestionTool, NO_USER_ANSWER } from '../../src/tools/ask-user-question-tool.js';
import { makeToolWorkspace, type ToolTestWorkspace } from './tool-test-context.js';

describe('ask_user_question', () => {
  let workspace: ToolTestWorkspace;
  beforeEach(async () => {
    workspace = await makeToolWorkspace();
  });
  afterEach(() => workspace.cleanup());

  it('G4 asks the user with the offered options and returns the answer', async () => {
    const asked: UserQuestion[] = [];
    const context = workspace.context({
      askUser: async (question) => {
        asked.push(question);
        return 'staging';
      },
    });
    const result = await createAskUserQuestionTool().execute(
      { question: 'Deploy where?', options: ['staging', 'production'] },
      context,
    );
    expect(result).toEqual({ content: 'The user answered: staging', isError: false });
    expect(asked).toEqual([
      { question: 'Deploy where?', options: ['staging', 'production'], allowFreeText: true },
    ]);
  });

  it('G4 tells the model to decide itself in a headless run', async () => {
    const result = await createAskUserQuestionTool().execute(
      { question: 'Deploy where?' },
      workspace.context(),
    );
    expect(result).toEqual({ content: NO_USER_ANSWER, isError: true });
    expect(NO_USER_ANSWER).toContain('decide yourself');
  });

  it('G4 treats an unanswered question like a headless run', async () => {
    const context = workspace.context({ askUser: async () => undefined });
    const result = await createAskUserQuestionTool().execute({ question: 'Deploy where?' }, context);
    expect(result).toEqual({ content: NO_USER_ANSWER, isError: true });
  });
});
