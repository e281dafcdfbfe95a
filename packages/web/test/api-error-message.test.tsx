// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { registeredErrorCodes } from '../../core/test/support/registered-error-codes.js';
import { ApiError } from '../src/api/api-error.js';
import { createApiClient } from '../src/api/create-api-client.js';
import { AppProviders, createQueryClient } from '../src/app/app-providers.js';
import { createI18n, type Language } from '../src/i18n/create-i18n.js';
import en from '../src/i18n/en.json';
import errorsEn from '../src/i18n/errors.en.json';
import errorsZh from '../src/i18n/errors.zh.json';
import zh from '../src/i18n/zh.json';
import { ApiErrorMessage, describeApiError } from '../src/ui/api-error-message.js';

const PACKAGES = path.resolve(import.meta.dirname, '../..');

/**
 * The packages whose error codes the server can answer with: the server and every Skilldock
 * package it depends on (read from its package.json), plus the web app's own codes.
 */
function serverPackages(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(PACKAGES, 'server', 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const own = Object.keys(manifest.dependencies)
    .filter((name) => name.startsWith('@skilldock/'))
    .map((name) => name.slice('@skilldock/'.length));
  return ['server', ...own, 'web'];
}

/** Every text of a resource tree. */
function texts(tree: object): string[] {
  return Object.values(tree).flatMap((value) =>
    typeof value === 'object' && value !== null ? texts(value) : [String(value)],
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

function mount(language: Language, node: React.ReactNode) {
  render(
    <AppProviders
      client={createApiClient({ baseUrl: 'http://127.0.0.1:9' })}
      i18n={createI18n(language)}
      queryClient={createQueryClient()}
    >
      {node}
    </AppProviders>,
  );
}

afterEach(cleanup);

describe('W6 every error the web app shows reads from its code (issue 24 item 6)', () => {
  it('W6 every code the server can answer with has an English and a Chinese text', () => {
    const packages = serverPackages();
    expect(packages).toEqual(expect.arrayContaining(['server', 'core', 'agent', 'web']));
    const codes = [...registeredErrorCodes(packages)].sort();
    expect(codes.length).toBeGreaterThan(250);
    const english = errorsEn as Record<string, string>;
    const chinese = errorsZh as Record<string, string>;
    expect(codes.filter((code) => !english[code]?.trim())).toEqual([]);
    expect(codes.filter((code) => !chinese[code]?.trim())).toEqual([]);
    expect(Object.keys(chinese).sort()).toEqual(Object.keys(english).sort());
    for (const [code, text] of Object.entries(english)) {
      expect(placeholders(chinese[code]!), code).toEqual(placeholders(text));
      // A Chinese text is in Chinese, not an English one copied over.
      expect(chinese[code], code).toMatch(/[\u4e00-\u9fff]/);
    }
    // No texts for codes nobody registers, but for the fallbacks of answers without one.
    const fallbacks = [
      'http_401',
      'http_403',
      'http_404',
      'http_429',
      'http_4xx',
      'http_5xx',
      'network',
      'unexpected',
    ];
    expect(Object.keys(english).filter((key) => !codes.includes(key) && !fallbacks.includes(key))).toEqual(
      [],
    );
  });

  it('W6 no web text tells people to pass a command-line flag', () => {
    for (const text of [...texts(en), ...texts(zh), ...texts(errorsEn), ...texts(errorsZh)]) {
      expect(text).not.toMatch(/(^|\s|`)--[a-z]/);
    }
    expect(errorsEn.host_not_allowed).toContain('Admin → Settings → Allowed hosts');
    expect(errorsZh.host_not_allowed).toContain('管理 → 设置 → 允许的主机');
  });

  it('W6 a refusal shows the code’s text, then the server’s message and the code in smaller text', () => {
    const error = new ApiError(
      403,
      'host_not_allowed',
      "Refusing https://example.com/x: host 'example.com' is not in the allowed hosts (github.com)",
    );
    mount('en', <ApiErrorMessage error={error} title="Install failed" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Install failed');
    expect(alert.textContent).toContain(
      'This host is not in the allowed hosts. An admin can allow it in Admin → Settings → Allowed hosts.',
    );
    const detail = screen.getByTestId('error-detail');
    expect(detail.textContent).toBe(
      "Refusing https://example.com/x: host 'example.com' is not in the allowed hosts (github.com) · host_not_allowed",
    );
    expect(detail.querySelector('code')?.textContent).toBe('host_not_allowed');
  });

  it('W6 in Chinese the text is Chinese and the server’s detail stays as it was', () => {
    const error = new ApiError(409, 'run_active', 'A run of this conversation is active');
    mount('zh', <ApiErrorMessage error={error} onRetry={() => {}} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('智能体仍在此对话中回答。请等待，或先停止它。');
    expect(screen.getByTestId('error-detail').textContent).toBe(
      'A run of this conversation is active · run_active',
    );
    expect(screen.getByRole('button', { name: '重试' })).not.toBeNull();
  });

  it('W6 a page’s own summary replaces the code’s text; the detail stays', () => {
    mount(
      'en',
      <ApiErrorMessage error={new ApiError(409, 'run_active', 'Busy')} summary="Stop the run first." />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Stop the run first.Busy · run_active');
  });

  it('W6 an answer without a known code reads by its status; no answer at all as a connection failure', () => {
    const english = createI18n('en');
    const chinese = createI18n('zh');
    expect(describeApiError(new ApiError(502, 'http_502', '502 Bad Gateway'), english.t)).toEqual({
      summary:
        'The server failed to answer (HTTP 502). Try again; if it keeps failing, ask an admin to check the server log.',
      detail: '502 Bad Gateway',
      code: 'http_502',
    });
    expect(describeApiError(new ApiError(404, 'http_404', 'Not Found'), chinese.t).summary).toBe(
      '未找到此内容。它可能已被删除或改名；请刷新页面。',
    );
    expect(describeApiError(new TypeError('Failed to fetch'), english.t)).toEqual({
      summary: 'The server could not be reached. Check your connection, then try again.',
      detail: 'Failed to fetch',
      code: null,
    });
    expect(describeApiError(new Error(''), english.t)).toEqual({
      summary: 'Something unexpected went wrong. Reload the page and try again.',
      detail: null,
      code: null,
    });
    // A stored run's failure is plain data with a code, like an answer's.
    expect(
      describeApiError({ code: 'run_time_limit', message: 'Run time limit reached' }, chinese.t).summary,
    ).toBe('智能体超时。请要求更小的一步，或发送“继续”。');
    // A code from a hostile answer is never used as a key path.
    expect(describeApiError(new ApiError(400, 'errors.http_404', 'x'), english.t).code).toBeNull();
  });
});
