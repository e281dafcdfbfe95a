import { describe, expect, it } from 'vitest';
import { decideAcpPermission } from '../../src/subagents/executors/decide-acp-permission.js';

const OPTIONS = [
  { optionId: 'yes', kind: 'allow_once' },
  { optionId: 'always', kind: 'allow_always' },
  { optionId: 'no', kind: 'reject_once' },
  { optionId: 'never', kind: 'reject_always' },
];

describe('ACP permission answers (SPEC A7, G3)', () => {
  it('A7 allows looking, edits only when the task may edit, and never commands, mode switches or unknown kinds', () => {
    const answer = (kind: string | null, allowEdits: boolean) => {
      const { outcome } = decideAcpPermission(kind, OPTIONS, allowEdits);
      return outcome.outcome === 'selected' ? outcome.optionId : outcome.outcome;
    };
    const kinds = [
      'read',
      'search',
      'fetch',
      'think',
      'edit',
      'delete',
      'move',
      'execute',
      'switch_mode',
      'other',
      null,
    ];
    expect(
      Object.fromEntries(kinds.map((kind) => [String(kind), [answer(kind, false), answer(kind, true)]])),
    ).toEqual({
      read: ['yes', 'yes'],
      search: ['yes', 'yes'],
      fetch: ['yes', 'yes'],
      think: ['yes', 'yes'],
      edit: ['no', 'yes'],
      delete: ['no', 'yes'],
      move: ['no', 'yes'],
      execute: ['no', 'no'],
      switch_mode: ['no', 'no'],
      other: ['no', 'no'],
      null: ['no', 'no'],
    });
  });

  it('A7 never picks an "always" option, which would outlive the task; without a once option it cancels', () => {
    const alwaysOnly = OPTIONS.filter((option) => option.kind.endsWith('_always'));
    expect(decideAcpPermission('read', alwaysOnly, true)).toEqual({ outcome: { outcome: 'cancelled' } });
    expect(decideAcpPermission('edit', alwaysOnly, false)).toEqual({ outcome: { outcome: 'cancelled' } });
  });
});
