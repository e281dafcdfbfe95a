import { describe, expect, it } from 'vitest';
import { declaredVersion, skillIdLine, UNDECLARED_VERSION } from '../../src/skills/skill-id-line.js';

const label = (version: string) => `Version ${version}`;

describe('the id line of a skill (issue 24: no invented versions)', () => {
  it('W1 shows a declared version after the id', () => {
    expect(skillIdLine('report-helper', '2.1.0', label)).toBe('report-helper · Version 2.1.0');
    expect(skillIdLine('report-helper', '0.1', label)).toBe('report-helper · Version 0.1');
  });

  it('W1 shows only the id for a skill that declares none (the platform fills in 1.0.0), or an empty one', () => {
    expect(UNDECLARED_VERSION).toBe('1.0.0');
    expect(skillIdLine('chat-widgets', '1.0.0', label)).toBe('chat-widgets');
    expect(skillIdLine('chat-widgets', '', label)).toBe('chat-widgets');
    expect(skillIdLine('chat-widgets', null, label)).toBe('chat-widgets');
    expect(skillIdLine('chat-widgets', undefined, label)).toBe('chat-widgets');
  });

  it('W5 the builtin table shows a declared version, and no invented 1.0.0 for one that declares none', () => {
    expect(declaredVersion('2.0.1')).toBe('2.0.1');
    expect(declaredVersion('1.0.0')).toBeNull();
    expect(declaredVersion('')).toBeNull();
    expect(declaredVersion(null)).toBeNull();
  });
});
