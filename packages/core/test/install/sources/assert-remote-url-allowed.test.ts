import { describe, expect, it } from 'vitest';
import { SecurityError } from '../../../src/errors.js';
import {
  assertRemoteUrlAllowed,
  type RemotePolicy,
} from '../../../src/install/sources/assert-remote-url-allowed.js';

function refusal(url: string, policy: RemotePolicy = {}): { code: string; message: string } {
  try {
    assertRemoteUrlAllowed(url, policy);
  } catch (error) {
    expect(error).toBeInstanceOf(SecurityError);
    return { code: (error as SecurityError).code, message: (error as SecurityError).message };
  }
  throw new Error(`${url} was allowed`);
}

describe('assertRemoteUrlAllowed', () => {
  it('P5 allows github.com and modelscope.cn by default over https', () => {
    expect(assertRemoteUrlAllowed('https://github.com/acme/skills.git').host).toBe('github.com');
    expect(assertRemoteUrlAllowed('https://modelscope.cn/skills').host).toBe('modelscope.cn');
  });

  it('P5 refuses a host that is not listed and names the setting and flag that would allow it', () => {
    const { code, message } = refusal('https://example.com/skills');
    expect(code).toBe('host_not_allowed');
    expect(message).toContain("'allowed_hosts'");
    expect(message).toContain('--allow-host example.com');
  });

  it('P5 a server refusal (allowHostAdvice administrator) names the admin settings, never a flag', () => {
    const policy: RemotePolicy = { allowHostAdvice: 'administrator' };
    const unlisted = refusal('https://example.com/skills', policy);
    expect(unlisted.code).toBe('host_not_allowed');
    expect(unlisted.message).toBe(
      "Refusing https://example.com/skills: host 'example.com' is not in the allowed hosts (github.com, modelscope.cn); an administrator can add example.com to the allowed hosts in the server's settings.",
    );
    const disabled = refusal('https://github.com/a/b.git', { ...policy, allowedHosts: [] });
    expect(disabled.code).toBe('remote_install_disabled');
    expect(disabled.message).toContain('an administrator can add github.com to the allowed hosts');
    const plain = refusal('http://127.0.0.1:8080/a.git', policy);
    expect(plain.code).toBe('insecure_protocol');
    for (const { message } of [unlisted, disabled, plain]) expect(message).not.toMatch(/--|allowed_hosts/);
  });

  it.each([
    ['https://github.com.evil.com/acme/skills.git', 'github.com.evil.com'],
    ['https://evilgithub.com/acme/skills.git', 'evilgithub.com'],
    ['https://api.github.com/acme/skills.git', 'api.github.com'],
    ['https://github.com./acme/skills.git', 'github.com.'],
    ['https://140.82.112.3/acme/skills.git', '140.82.112.3'],
    ['https://github.com:8443/acme/skills.git', 'github.com:8443'],
    // A Cyrillic "і" in place of the Latin "i": the parser turns it into punycode, which never matches.
    ['https://gіthub.com/acme/skills.git', 'xn--gthub-n2e.com'],
  ])('P5 matches hosts exactly: %s is refused', (url, host) => {
    expect(refusal(url)).toMatchObject({ code: 'host_not_allowed' });
    expect(refusal(url).message).toContain(`'${host}'`);
  });

  it('P5 ignores the case of a host, as DNS does', () => {
    expect(assertRemoteUrlAllowed('https://GITHUB.COM/acme/skills.git').host).toBe('github.com');
    expect(assertRemoteUrlAllowed('https://example.org/x', { allowedHosts: ['Example.ORG'] }).host).toBe(
      'example.org',
    );
  });

  it('P5 matches an IDN allowlist entry against its punycode form', () => {
    expect(
      assertRemoteUrlAllowed('https://xn--bcher-kva.example/s', { allowedHosts: ['bücher.example'] }).host,
    ).toBe('xn--bcher-kva.example');
  });

  it('P5 reads the fragment of evil.com#github.com as a fragment, never as the host', () => {
    expect(refusal('https://evil.com#github.com', { allowedHosts: ['evil.com'] }).code).toBe(
      'url_has_fragment',
    );
    expect(refusal('https://evil.com#github.com').code).toBe('url_has_fragment');
  });

  it('P5 refuses credentials in the URL, user alone or user:password, without echoing the password', () => {
    expect(refusal('https://user@github.com/acme/skills.git').code).toBe('url_has_credentials');
    const { code, message } = refusal('https://user:hunter2@github.com/acme/skills.git');
    expect(code).toBe('url_has_credentials');
    expect(message).not.toContain('hunter2');
  });

  it('P5 refuses a query, even an empty one', () => {
    expect(refusal('https://github.com/acme/skills.git?ref=main').code).toBe('url_has_query');
    expect(refusal('https://github.com/acme/skills.git?').code).toBe('url_has_query');
  });

  it('P5 refuses plain http to a remote host and says to use https', () => {
    const { code, message } = refusal('http://github.com/acme/skills.git');
    expect(code).toBe('insecure_protocol');
    expect(message).toContain('https');
  });

  it('P5 allows plain http only to loopback addresses and only with allowInsecureLocalhost', () => {
    for (const url of [
      'http://127.0.0.1:8080/x',
      'http://localhost:3000/x',
      'http://[::1]:9/x',
      'http://127.1.2.3/x',
    ]) {
      const { code, message } = refusal(url);
      expect(code).toBe('insecure_protocol');
      expect(message).toContain('--allow-insecure-localhost');
      expect(assertRemoteUrlAllowed(url, { allowInsecureLocalhost: true }).protocol).toBe('http:');
    }
    expect(refusal('http://127.0.0.1.evil.com/x', { allowInsecureLocalhost: true }).code).toBe(
      'insecure_protocol',
    );
    expect(refusal('http://10.0.0.1/x', { allowInsecureLocalhost: true }).code).toBe('insecure_protocol');
  });

  it('P5 refuses other protocols', () => {
    for (const url of ['file:///etc/passwd', 'ftp://github.com/x', 'ssh://git@github.com/acme/skills.git']) {
      expect(refusal(url).code).toBe('unsupported_protocol');
    }
  });

  it('P5 an empty allowed_hosts list disables remote install, and says how to allow a host', () => {
    const { code, message } = refusal('https://github.com/acme/skills.git', { allowedHosts: [] });
    expect(code).toBe('remote_install_disabled');
    expect(message).toContain('--allow-host github.com');
  });

  it('P5 allowHosts adds hosts for one run, on top of the setting', () => {
    expect(
      assertRemoteUrlAllowed('https://skills.example.com/', { allowHosts: ['skills.example.com'] }).host,
    ).toBe('skills.example.com');
    expect(
      assertRemoteUrlAllowed('https://github.com/a/b.git', { allowHosts: ['skills.example.com'] }).host,
    ).toBe('github.com');
    expect(
      assertRemoteUrlAllowed('https://skills.example.com/', {
        allowedHosts: [],
        allowHosts: ['skills.example.com'],
      }).host,
    ).toBe('skills.example.com');
  });

  it('P5 refuses a malformed allowlist entry instead of guessing', () => {
    expect(() =>
      assertRemoteUrlAllowed('https://github.com/a', { allowedHosts: ['https://github.com/'] }),
    ).toThrow(expect.objectContaining({ code: 'invalid_allowed_host' }));
  });
});
