// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/create-api-client.js';
import { AppProviders } from '../../src/app/app-providers.js';
import { ApprovalCard } from '../../src/chat/approval-card.js';
import { createI18n } from '../../src/i18n/create-i18n.js';

afterEach(cleanup);

function renderCard(input: unknown) {
  const client = createApiClient({ baseUrl: 'http://127.0.0.1:9' });
  const i18n = createI18n('en');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders client={client} i18n={i18n}>
      {children}
    </AppProviders>
  );
  return render(
    <ApprovalCard
      runId="run-1"
      approval={{ toolCallId: 'call-1', toolName: 'shell', input }}
      onAnswered={async () => undefined}
    />,
    { wrapper },
  );
}

/** Bidi, zero-width and control characters: none may reach the page as it is. */
const HIDDEN =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;

describe('ApprovalCard shows the command that runs (SEC10)', () => {
  it('SEC10 a right-to-left override in a command is shown as a marked escape, never applied', () => {
    renderCard({ command: 'echo "list files" # \u202e"; rm -rf ~ #\u2066' });
    const card = screen.getByTestId('approval-card');
    const shown = card.querySelector('pre')?.textContent ?? '';
    expect(shown).not.toMatch(HIDDEN);
    expect(shown).toContain('echo \\"list files\\" # \\u202e\\"; rm -rf ~ #\\u2066');
    const marks = within(card).getAllByTestId('neutralized-character');
    expect(marks.map((mark) => [mark.textContent, mark.getAttribute('title')])).toEqual([
      ['\\u202e', 'U+202E'],
      ['\\u2066', 'U+2066'],
    ]);
  });

  it('SEC10 zero-width characters and controls in a plain-text input are made visible too', () => {
    renderCard('rm\u200b -rf /tmp/x\u001b[2K\u200f');
    const shown = screen.getByTestId('approval-card').querySelector('pre')?.textContent ?? '';
    expect(shown).not.toMatch(HIDDEN);
    expect(shown).toBe('rm\\u200b -rf /tmp/x\\x1b[2K\\u200f');
  });

  it('SEC10 ordinary text of any script is shown as it is', () => {
    renderCard({ path: 'docs/文档 مرحبا.md' });
    expect(screen.getByTestId('approval-card').querySelector('pre')?.textContent).toBe(
      '{\n  "path": "docs/文档 مرحبا.md"\n}',
    );
    expect(screen.queryByTestId('neutralized-character')).toBeNull();
  });
});
