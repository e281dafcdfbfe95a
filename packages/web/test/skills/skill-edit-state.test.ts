import { describe, expect, it } from 'vitest';
import { lineDiff } from '../../src/skills/line-diff.js';
import {
  applyStructure,
  basePath,
  changedFiles,
  type EditAction,
  editReducer,
  initialEditState,
  isDirty,
  keepMineAsCopies,
  toSaveEdits,
} from '../../src/skills/skill-edit-state.js';

const run = (actions: EditAction[]) => actions.reduce(editReducer, initialEditState('sha256:base'));

describe('the editor state', () => {
  it('W2 is dirty only while a file differs from what was loaded, and typing back the original clears it', () => {
    let state = run([{ type: 'loaded', path: 'SKILL.md', content: 'one' }]);
    expect(isDirty(state)).toBe(false);
    state = editReducer(state, { type: 'changed', path: 'SKILL.md', content: 'two' });
    expect(isDirty(state)).toBe(true);
    expect(changedFiles(state)).toEqual(['SKILL.md']);
    state = editReducer(state, { type: 'changed', path: 'SKILL.md', content: 'one' });
    expect(isDirty(state)).toBe(false);
  });

  it('W2 a file loaded again (switching files, a refetch) never replaces what was typed', () => {
    const state = run([
      { type: 'loaded', path: 'SKILL.md', content: 'server' },
      { type: 'changed', path: 'SKILL.md', content: 'mine' },
      { type: 'loaded', path: 'notes.md', content: 'other' },
      { type: 'loaded', path: 'SKILL.md', content: 'server, newer' },
    ]);
    expect(state.files['SKILL.md']).toEqual({ original: 'server', content: 'mine' });
    expect(state.files['notes.md']).toEqual({ original: 'other', content: 'other' });
  });

  it('W2 one save carries tree edits in order, then text, then the dependency lists', () => {
    const state = run([
      { type: 'loaded', path: 'SKILL.md', content: 'a' },
      { type: 'madeDirectory', path: 'docs' },
      { type: 'created', path: 'docs/new.md' },
      { type: 'changed', path: 'docs/new.md', content: 'new text' },
      { type: 'renamed', from: 'docs', to: 'guide' },
      { type: 'changed', path: 'SKILL.md', content: 'b' },
      { type: 'deleted', path: 'old.txt' },
      { type: 'dependenciesChanged', dependencies: { tools: ['Bash'], mcpServers: [], skills: ['pdf'] } },
    ]);
    expect(toSaveEdits(state)).toEqual([
      { type: 'mkdir', path: 'docs' },
      { type: 'create', path: 'docs/new.md', content: '', encoding: 'utf8' },
      { type: 'rename', from: 'docs', to: 'guide' },
      { type: 'delete', path: 'old.txt' },
      { type: 'write', path: 'SKILL.md', content: 'b', encoding: 'utf8' },
      { type: 'write', path: 'guide/new.md', content: 'new text', encoding: 'utf8' },
      { type: 'dependencies', tools: ['Bash'], mcpServers: [], skills: ['pdf'] },
    ]);
    expect(basePath(state, 'guide/new.md')).toBeNull();
    expect(
      applyStructure(
        [
          { path: 'SKILL.md', type: 'file' },
          { path: 'old.txt', type: 'file' },
        ],
        state.structure,
      ).map((entry) => entry.path),
    ).toEqual(['guide', 'guide/new.md', 'SKILL.md']);
  });

  it('W2 a renamed file is read from its path at the base revision', () => {
    const state = run([
      { type: 'renamed', from: 'scripts', to: 'bin' },
      { type: 'renamed', from: 'bin/run.sh', to: 'bin/start.sh' },
    ]);
    expect(basePath(state, 'bin/start.sh')).toBe('scripts/run.sh');
    expect(basePath(state, 'SKILL.md')).toBe('SKILL.md');
  });

  it('W2 after a 409, "keep mine as a copy" keeps every changed file beside theirs at the new revision', () => {
    const state = run([
      { type: 'loaded', path: 'SKILL.md', content: 'server' },
      { type: 'changed', path: 'SKILL.md', content: 'my SKILL.md' },
      { type: 'loaded', path: 'docs/a.md', content: 'a' },
      { type: 'changed', path: 'docs/a.md', content: 'my a' },
    ]);
    const next = keepMineAsCopies(
      state,
      'sha256:theirs',
      new Set(['SKILL.md', 'docs/a.md', 'SKILL.mine.md']),
    );
    expect(next.baseRevision).toBe('sha256:theirs');
    expect(next.files['SKILL.mine-2.md']?.content).toBe('my SKILL.md');
    expect(next.files['docs/a.mine.md']?.content).toBe('my a');
    expect(toSaveEdits(next).filter((edit) => edit.type === 'write')).toHaveLength(2);
  });

  it('W2 after a 409, "save mine over theirs" keeps every edit and only moves the base revision', () => {
    const state = run([
      { type: 'loaded', path: 'SKILL.md', content: 'server' },
      { type: 'changed', path: 'SKILL.md', content: 'mine' },
      { type: 'created', path: 'extra.md', content: 'x' },
    ]);
    const rebased = editReducer(state, { type: 'rebased', revision: 'sha256:theirs', state });
    expect(rebased.baseRevision).toBe('sha256:theirs');
    expect(toSaveEdits(rebased)).toEqual(toSaveEdits(state));
    expect(editReducer(rebased, { type: 'saved', revision: 'sha256:new' })).toEqual(
      initialEditState('sha256:new'),
    );
  });

  it('W2 the conflict diff marks lines only theirs and only mine', () => {
    expect(lineDiff('a\nb\nc', 'a\nB\nc\nd')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'B' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
  });
});
