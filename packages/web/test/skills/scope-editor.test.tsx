// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScopeEditor } from '../../src/skills/scope-editor.js';
import { type ShareConfig, shareProblem } from '../../src/skills/share-scope.js';
import { renderInApp } from './render.js';

const departments = [
  { value: 'd-sales', label: 'Sales' },
  { value: 'd-ops', label: 'Operations' },
];
const users = [
  { value: 'u-ann', label: 'Ann' },
  { value: 'u-bob', label: 'Bob' },
];

function Harness({ initial, seen }: { initial: ShareConfig; seen: ShareConfig[] }) {
  const [value, setValue] = useState(initial);
  return (
    <ScopeEditor
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
      departments={departments}
      users={users}
    />
  );
}

afterEach(cleanup);

describe('the share rule (manage ⊆ read)', () => {
  it('Y3 holds for a global read scope and for a same-kind subset, and names what breaks it', () => {
    expect(shareProblem({ readScope: { kind: 'global' }, manageScope: { kind: 'global' } })).toBeNull();
    expect(
      shareProblem({
        readScope: { kind: 'departments', departmentIds: ['d-sales', 'd-ops'] },
        manageScope: { kind: 'departments', departmentIds: ['d-ops'] },
      }),
    ).toBeNull();
    expect(
      shareProblem({ readScope: { kind: 'users', userIds: ['u-ann'] }, manageScope: { kind: 'global' } }),
    ).toEqual({ kind: 'manageKind', needs: 'users' });
    expect(
      shareProblem({
        readScope: { kind: 'users', userIds: ['u-ann'] },
        manageScope: { kind: 'users', userIds: ['u-ann', 'u-bob'] },
      }),
    ).toEqual({ kind: 'manageOutside', count: 1 });
    expect(
      shareProblem({
        readScope: { kind: 'departments', departmentIds: [] },
        manageScope: { kind: 'global' },
      }),
    ).toEqual({ kind: 'emptyRead' });
  });
});

describe('the scope editor', () => {
  it('Y3 narrowing the read scope narrows the manage scope with it, so the form never holds manage ⊄ read', () => {
    const seen: ShareConfig[] = [];
    renderInApp(
      <Harness
        initial={{
          readScope: { kind: 'departments', departmentIds: ['d-sales', 'd-ops'] },
          manageScope: { kind: 'departments', departmentIds: ['d-sales', 'd-ops'] },
        }}
        seen={seen}
      />,
    );
    // The manage scope offers only the read scope's kind.
    const manage = screen.getByRole('radiogroup', { name: 'Who may manage' });
    expect(
      Array.from(manage.querySelectorAll('input[type=radio]')).map(
        (input) => (input as HTMLInputElement).value,
      ),
    ).toEqual(['departments']);
    // Switching read to users empties manage and makes it users too.
    fireEvent.click(screen.getAllByRole('radio', { name: 'Users' })[0]!);
    expect(seen.at(-1)).toEqual({
      readScope: { kind: 'users', userIds: [] },
      manageScope: { kind: 'users', userIds: [] },
    });
    // An empty read scope is named and the config is refused.
    expect(screen.getByTestId('share-problem').textContent).toBe(
      'Pick at least one department or user who may read.',
    );
    for (const config of seen) expect(shareProblem(config)?.kind ?? null).not.toBe('manageOutside');
  });

  it('Y3 a global read scope lets any manage kind be chosen', () => {
    renderInApp(
      <Harness
        initial={{ readScope: { kind: 'global' }, manageScope: { kind: 'users', userIds: [] } }}
        seen={[]}
      />,
    );
    const manage = screen.getByRole('radiogroup', { name: 'Who may manage' });
    expect(manage.querySelectorAll('input[type=radio]')).toHaveLength(3);
    expect(screen.queryByTestId('share-problem')).toBeNull();
  });
});
