import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The built package, in a fresh Node process: vitest's own module graph cannot show what Node loads.
const CORE = new URL('../../dist/index.js', import.meta.url).href;

// A resolve hook that refuses @noble/hashes: importing it fails loudly with `blocked`.
const BLOCK_NOBLE = `data:text/javascript,${encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (/^@noble\\/hashes(\\/|$)/.test(specifier)) throw new Error('blocked ' + specifier);
  return next(specifier, context);
}`)}`;

const SCRIPT = `
import { register } from 'node:module';
register(${JSON.stringify(BLOCK_NOBLE)});
const core = await import(${JSON.stringify(CORE)});
const result = core.parseSkill('---\\nname: "!!!"\\ndescription: A skill without letters in its name.\\n---\\nBody\\n');
console.log(JSON.stringify({ id: result.ok ? result.skill.id : null }));
`;

describe('the id digest in Node', () => {
  it('S4 core in Node derives a digest id with node:crypto and never loads the browser’s SHA-256 library', () => {
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      id: `skill-${createHash('sha256').update('!!!').digest('hex').slice(0, 8)}`,
    });
  });
});
