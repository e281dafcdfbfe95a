// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DraftReview, type InstallDraft } from '../../src/skills/draft-review.js';
import { renderInApp } from './render.js';

const draft: InstallDraft = {
  id: 'draft-1',
  createdAt: '2026-12-01T00:00:00.000Z',
  expiresAt: '2026-12-02T00:00:00.000Z',
  source: { input: 'skills.zip', lockSource: 'upload:skills.zip', type: 'upload' },
  warnings: [],
  skills: [
    {
      id: 'pdf-tools',
      name: 'PDF tools',
      description: 'Fill PDF forms.',
      revision: 'sha256:1',
      totalBytes: 120,
      files: [{ path: 'SKILL.md', size: 120, executable: false }],
      dependencies: { tools: ['Bash'], mcpServers: [], skills: [] },
      diagnostics: [
        {
          code: 'unknown_field',
          severity: 'warning',
          message: "unknown field 'colour'",
          file: 'SKILL.md',
          line: 4,
          column: 1,
        },
      ],
      warnings: [],
    },
  ],
  failed: [
    {
      sourcePath: 'broken',
      name: 'broken',
      code: 'invalid_skill',
      message: 'broken/SKILL.md is not a valid skill',
      diagnostics: [
        {
          code: 'description_required',
          severity: 'error',
          message: 'description is required',
          file: 'broken/SKILL.md',
          line: 2,
          column: 1,
        },
      ],
    },
  ],
};

afterEach(cleanup);

describe('the draft review', () => {
  it('Y5 shows each skill with files, dependencies and diagnostics with line numbers', () => {
    renderInApp(
      <DraftReview
        draft={draft}
        canShare={false}
        departments={[]}
        users={[]}
        onInstalled={() => {}}
        onCancelled={() => {}}
      />,
    );
    const skill = screen.getByTestId('draft-skill');
    expect(within(skill).getByText('PDF tools')).toBeTruthy();
    expect(within(skill).getByText('SKILL.md (120 B)')).toBeTruthy();
    expect(within(skill).getByText('Bash')).toBeTruthy();
    expect(within(skill).getByText('SKILL.md:4:1')).toBeTruthy();
    expect(within(skill).getByText("unknown field 'colour'")).toBeTruthy();
  });

  it('Y5 failed items are shown apart, with their diagnostics, and cannot be picked or confirmed', () => {
    renderInApp(
      <DraftReview
        draft={draft}
        canShare={false}
        departments={[]}
        users={[]}
        onInstalled={() => {}}
        onCancelled={() => {}}
      />,
    );
    const failed = screen.getByTestId('draft-failed');
    expect(within(failed).getByText('Not installable')).toBeTruthy();
    expect(within(failed).getByText('broken/SKILL.md:2:1')).toBeTruthy();
    expect(within(failed).queryByRole('checkbox')).toBeNull();
    // Only the prepared skill is offered; unpicking it leaves nothing to confirm.
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(1);
    const confirm = screen.getByRole('button', { name: 'Install 1 skill' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(false);
    fireEvent.click(boxes[0]!);
    expect((screen.getByRole('button', { name: 'Install 0 skills' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('Y5 a draft where everything failed has no install button at all, only cancel', () => {
    renderInApp(
      <DraftReview
        draft={{ ...draft, skills: [] }}
        canShare
        departments={[]}
        users={[]}
        onInstalled={() => {}}
        onCancelled={() => {}}
      />,
    );
    expect(screen.queryByRole('button', { name: /^Install/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel install' })).toBeTruthy();
  });

  it('Y3 a shared install offers the scope editor and only to those who may share', () => {
    const { unmount } = renderInApp(
      <DraftReview
        draft={draft}
        canShare={false}
        departments={[]}
        users={[]}
        onInstalled={() => {}}
        onCancelled={() => {}}
      />,
    );
    expect(screen.queryByRole('radio', { name: 'Shared' })).toBeNull();
    unmount();
    renderInApp(
      <DraftReview
        draft={draft}
        canShare
        departments={[]}
        users={[]}
        onInstalled={() => {}}
        onCancelled={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Shared' }));
    expect(screen.getByRole('radiogroup', { name: 'Who may read' })).toBeTruthy();
  });
});
