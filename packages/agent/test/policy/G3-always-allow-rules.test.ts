/**
 * SPEC G3, SEC2, O1: "always allow" rules, one decision for the CLI's chat and the platform.
 */
import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../src/loop/index.js';
import { AlwaysAllowRules, alwaysAllowable } from '../../src/policy/index.js';

const request = (extra: Partial<ApprovalRequest> = {}): ApprovalRequest => ({
  toolCallId: 'call-1',
  toolName: 'shell',
  kind: 'execute',
  input: { command: 'ls' },
  modes: ['default'],
  ...extra,
});

describe('G3 always-allow rules', () => {
  it('a plain call may be covered by a rule', () => {
    expect(alwaysAllowable(request())).toBe(true);
    expect(alwaysAllowable(request({ agentConfig: [] }))).toBe(true);
  });

  it('SEC2 never a call that writes a file configuring the agent or another tool', () => {
    const configures = request({
      toolName: 'write_file',
      kind: 'edit',
      agentConfig: [{ path: '.skilldock/settings.json', configures: 'Skilldock settings' }],
    });
    expect(alwaysAllowable(configures)).toBe(false);
    const rules = new AlwaysAllowRules(['write_file']);
    expect(rules.covers(configures)).toBe(false);
    expect(rules.remember(configures)).toBe(false);
    expect(new AlwaysAllowRules().remember(configures)).toBe(false);
  });

  it("never a subagent's bubbled call", () => {
    const bubbled = request({
      toolName: 'agent',
      subagent: { name: 'writer', request: { toolName: 'shell', input: {} }, state: {} },
    } as unknown as Partial<ApprovalRequest>);
    expect(alwaysAllowable(bubbled)).toBe(false);
    const rules = new AlwaysAllowRules();
    expect(rules.remember(bubbled)).toBe(false);
    expect(rules.tools).toEqual([]);
    expect(new AlwaysAllowRules(['agent']).covers(bubbled)).toBe(false);
  });

  it('O1 never a call that may already have run when its worker was lost', () => {
    const interrupted = request({ resumeInterrupted: true, modes: [] });
    expect(alwaysAllowable(interrupted)).toBe(false);
    expect(new AlwaysAllowRules(['shell']).covers(interrupted)).toBe(false);
  });

  it('remembers by tool name, covers later calls of that tool only, and forgets on clear', () => {
    const rules = new AlwaysAllowRules();
    expect(rules.covers(request())).toBe(false);
    expect(rules.remember(request())).toBe(true);
    expect(rules.covers(request({ toolCallId: 'call-2', input: { command: 'pwd' } }))).toBe(true);
    expect(rules.covers(request({ toolName: 'write_file', kind: 'edit' }))).toBe(false);
    expect(rules.tools).toEqual(['shell']);
    rules.clear();
    expect(rules.covers(request())).toBe(false);
  });
});
