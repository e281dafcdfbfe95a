// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/create-api-client.js';
import { AppProviders, createQueryClient } from '../../src/app/app-providers.js';
import { createI18n } from '../../src/i18n/create-i18n.js';
import { AuditDetails, auditChanges, auditTargetName } from '../../src/pages/admin/audit-changes.js';

afterEach(cleanup);

function mount(details: Record<string, unknown>, language: 'en' | 'zh' = 'en') {
  render(
    <AppProviders
      client={createApiClient({
        baseUrl: 'http://127.0.0.1:9',
        fetch: () => Promise.reject(new Error('offline')),
      })}
      i18n={createI18n(language)}
      queryClient={createQueryClient()}
    >
      <AuditDetails details={details} />
    </AppProviders>,
  );
}

describe('Y14 the audit log reads as people read it (issue 24)', () => {
  it('Y14 lists only the fields a change changed, a whole value when it is not an object', () => {
    expect(
      auditChanges({
        before: { maxTurns: 50, timeLimitSeconds: 600 },
        after: { maxTurns: 80, timeLimitSeconds: 600 },
      }),
    ).toEqual([{ field: 'maxTurns', before: '50', after: '80' }]);
    expect(auditChanges({ before: ['github.com'], after: ['gitlab.com'] })).toEqual([
      { field: '', before: '["github.com"]', after: '["gitlab.com"]' },
    ]);
    expect(auditChanges({ before: { a: 1 }, after: { b: 2 } })).toEqual([
      { field: 'a', before: '1', after: '—' },
      { field: 'b', before: '—', after: '2' },
    ]);
    expect(auditChanges({ before: { a: 1 }, after: { a: 1 } })).toEqual([]);
    expect(auditChanges({ name: 'ci', scopes: ['skills:read'] })).toBeNull();
  });

  it('Y14 shows a before/after table for a change and plain JSON otherwise', () => {
    mount({ before: { anonymous: 'none' }, after: { anonymous: 'global' } });
    const diff = screen.getByTestId('audit-diff');
    expect(within(diff).getByText('anonymous')).toBeTruthy();
    expect(within(diff).getByText('"none"').tagName).toBe('DEL');
    expect(within(diff).getByText('"global"').tagName).toBe('INS');
    cleanup();
    mount({ name: 'ci', scopes: ['skills:read'] });
    expect(screen.queryByTestId('audit-diff')).toBeNull();
    expect(screen.getByText('{"name":"ci","scopes":["skills:read"]}')).toBeTruthy();
    cleanup();
    mount({ before: { a: 1 }, after: { a: 1 } }, 'zh');
    expect(screen.getByText('无变化')).toBeTruthy();
  });

  it('Y14 names targets: users and departments by name, tokens by their recorded name, else type and id', () => {
    const names = {
      users: new Map([['u-1', 'dora']]),
      departments: new Map([['d-1', 'Sales']]),
    };
    expect(auditTargetName({ targetType: 'user', targetId: 'u-1', details: {} }, names)).toBe('user dora');
    expect(auditTargetName({ targetType: 'department', targetId: 'd-1', details: {} }, names)).toBe(
      'department Sales',
    );
    expect(
      auditTargetName({ targetType: 'api_token', targetId: 't-1', details: { name: 'ci' } }, names),
    ).toBe('api_token ci');
    expect(auditTargetName({ targetType: 'user', targetId: 'gone', details: {} }, names)).toBe('user gone');
    expect(auditTargetName({ targetType: 'settings', targetId: null, details: {} }, names)).toBe('settings');
  });
});
