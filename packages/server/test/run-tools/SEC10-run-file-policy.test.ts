import { describe, expect, it } from 'vitest';
import { runFileHeaders } from '../../src/run-tools/index.js';

/** The policy's directives, each with its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0] !== '')
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

/** Sources that load nothing from another site. */
const LOCAL_SOURCES = new Set(["'self'", "'none'", 'data:', "'unsafe-inline'"]);

describe('run files load nothing from another site (SEC10)', () => {
  it.each(['report.html', 'figures/chart.svg', 'style.css', 'index.htm'])(
    'SEC10 %s: every directive names local sources only, default-src none',
    (file) => {
      const headers = runFileHeaders(file, 10);
      const policy = directives(headers['Content-Security-Policy']!);
      expect(policy.get('default-src')).toEqual(["'none'"]);
      expect(policy.has('sandbox')).toBe(true);
      for (const [name, sources] of policy)
        for (const source of sources) expect(LOCAL_SOURCES, `${name} ${source}`).toContain(source);
    },
  );

  it('SEC10 an <img>, a CSS url() or a font from an https host is not allowed: img-src, font-src and media-src stay local', () => {
    const policy = directives(runFileHeaders('report.html', 10)['Content-Security-Policy']!);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
    expect(policy.get('font-src')).toEqual(["'self'", 'data:']);
    expect(policy.get('media-src')).toEqual(["'self'", 'data:']);
  });

  it('SEC10 prefetch and preconnect have nowhere to go: no connect-src or prefetch-src widens default-src, DNS prefetch is off', () => {
    const headers = runFileHeaders('report.html', 10);
    const policy = directives(headers['Content-Security-Policy']!);
    // Chromium checks <link rel=prefetch> against default-src (prefetch-src is gone), fetch/beacons against connect-src.
    expect(policy.has('prefetch-src')).toBe(false);
    expect(policy.has('connect-src')).toBe(false);
    expect(headers['X-DNS-Prefetch-Control']).toBe('off');
  });

  it('SEC10 a report cannot send a form anywhere or rebase its links', () => {
    const policy = directives(runFileHeaders('report.html', 10)['Content-Security-Policy']!);
    expect(policy.get('form-action')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
  });
});
