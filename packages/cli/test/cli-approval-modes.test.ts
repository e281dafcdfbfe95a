import { APPROVAL_MODES, USER_APPROVAL_MODES } from '@skilldock/agent/policy';
import { describe, expect, it } from 'vitest';
import { CLI_APPROVAL_MODES } from '../src/agent/cli-approval-modes.js';

describe('approval modes', () => {
  it('G3 the command line offers exactly the agent’s user modes, in the same order', () => {
    expect([...CLI_APPROVAL_MODES]).toEqual([...USER_APPROVAL_MODES]);
    expect(APPROVAL_MODES.filter((mode) => mode !== 'bubble')).toEqual([...USER_APPROVAL_MODES]);
  });
});
