import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const coreRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Imports the built `@skilldock/core/install` and `/errors` in a real Node process, as the CLI does. */
function probeInstallEntry(): { exports: string[]; sameErrorClass: boolean } {
  const script = `
    const install = await import('@skilldock/core/install');
    const errors = await import('@skilldock/core/errors');
    const core = await import('@skilldock/core');
    process.stdout.write(JSON.stringify({
      exports: Object.keys(install),
      sameErrorClass: errors.UserInputError === core.UserInputError,
    }));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: coreRoot,
    encoding: 'utf8',
  });
  return JSON.parse(output);
}

describe('@skilldock/core/install', () => {
  it('P4 is an entry of its own with the install API, and its errors are the same classes as the whole core', () => {
    expect(
      existsSync(new URL('../../dist/install/index.js', import.meta.url)),
      'run `npm run build` first',
    ).toBe(true);
    const { exports, sameErrorClass } = probeInstallEntry();
    for (const name of [
      'prepareInstall',
      'confirmInstall',
      'cancelDraft',
      'resolveSource',
      'resolveAgentSelection',
    ])
      expect(exports).toContain(name);
    // The catalog, discovery and runtime stay out of it: that is what makes it cheaper to load.
    expect(exports).not.toContain('buildCatalog');
    expect(exports).not.toContain('discoverSkills');
    expect(sameErrorClass).toBe(true);
  });
});
