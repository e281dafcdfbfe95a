import { describe, expect, it } from 'vitest';
import { SecurityError, UserInputError } from '../../../src/errors.js';
import {
  assertPageUrlAllowed,
  type PagePolicy,
} from '../../../src/install/sources/assert-page-url-allowed.js';

function refusal(url: string, policy: PagePolicy = {}): string {
  try {
    assertPageUrlAllowed(url, policy);
  } catch (error) {
    expect(SecurityError.isInstance(error) || UserInputError.isInstance(error)).toBe(true);
    return (error as SecurityError).code;
  }
  throw new Error(`${url} was allowed`);
}

describe('assertPageUrlAllowed', () => {
  it('L1 allows any public https host by default, keeps the query and drops the fragment', () => {
    expect(assertPageUrlAllowed('https://docs.example.com/api?v=2#auth').href).toBe(
      'https://docs.example.com/api?v=2',
    );
  });

  it.each([
    ['http://docs.example.com/', 'insecure_protocol'],
    ['ftp://docs.example.com/', 'unsupported_protocol'],
    ['https://user:pw@docs.example.com/', 'url_has_credentials'],
    ['https://127.0.0.1/', 'host_not_allowed'],
    ['https://localhost:8443/', 'host_not_allowed'],
    ['https://[::1]/', 'host_not_allowed'],
    ['https://10.0.0.5/', 'host_not_allowed'],
    ['https://192.168.1.1/', 'host_not_allowed'],
    ['https://172.20.0.1/', 'host_not_allowed'],
    ['https://169.254.169.254/latest/meta-data', 'host_not_allowed'],
    ['https://[fd00::1]/', 'host_not_allowed'],
    ['https://[::ffff:127.0.0.1]/', 'host_not_allowed'],
    ['https://2130706433/', 'host_not_allowed'],
    ['https://100.100.100.200/latest/meta-data', 'host_not_allowed'],
    ['https://168.63.129.16/machine', 'host_not_allowed'],
    ['https://0.0.0.0/', 'host_not_allowed'],
    ['https://[fe80::1]/', 'host_not_allowed'],
    ['https://[::ffff:a9fe:a9fe]/', 'host_not_allowed'],
    ['https://[64:ff9b::a9fe:a9fe]/', 'host_not_allowed'],
    ['not a url', 'invalid_url'],
  ])('L1 SEC refuses %s by default', (url, code) => {
    expect(refusal(url)).toBe(code);
  });

  it('L1 with learn.allowedHosts only those hosts are fetched, matched exactly', () => {
    const policy = { allowedHosts: ['docs.example.com'] };
    expect(assertPageUrlAllowed('https://DOCS.example.com/x', policy).host).toBe('docs.example.com');
    expect(refusal('https://docs.example.com.evil.com/', policy)).toBe('host_not_allowed');
    expect(refusal('https://example.com/', policy)).toBe('host_not_allowed');
    expect(refusal('https://docs.example.com/', { allowedHosts: [] })).toBe('host_not_allowed');
    expect(refusal('https://docs.example.com/', { allowedHosts: ['bad/host'] })).toBe('invalid_allowed_host');
  });

  it('L1 loopback over http only with allowInsecureLocalhost', () => {
    expect(refusal('http://127.0.0.1:8080/')).toBe('insecure_protocol');
    expect(assertPageUrlAllowed('http://127.0.0.1:8080/', { allowInsecureLocalhost: true }).port).toBe(
      '8080',
    );
  });
});
