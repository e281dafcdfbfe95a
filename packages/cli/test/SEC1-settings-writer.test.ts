import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSkillDisabled } from '../src/chat/set-skill-disabled.js';

let project: string;
beforeEach(() => {
  project = mkdtempSync(path.join(tmpdir(), 'skilldock-settings-'));
  mkdirSync(path.join(project, '.skilldock'));
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

const settingsFile = () => path.join(project, '.skilldock', 'settings.json');

describe('the project settings writer', () => {
  it('SEC1 a __proto__ key (top level and under skills) survives switching a skill off', async () => {
    writeFileSync(
      settingsFile(),
      '{ "__proto__": { "polluted": true }, "constructor": 1, "skills": { "__proto__": ["x"], "disabled": [] } }',
    );
    await setSkillDisabled(project, 'pdf', true, []);
    const written = readFileSync(settingsFile(), 'utf8');
    expect(written).toContain('"__proto__": {\n    "polluted": true\n  }');
    expect(written).toContain('"constructor": 1');
    expect(written).toContain('"__proto__": [\n      "x"\n    ]');
    expect(JSON.parse(written).skills.disabled).toEqual(['pdf']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('SEC1 refuses to write through a .skilldock folder that links out of the project', async () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'skilldock-elsewhere-'));
    rmSync(path.join(project, '.skilldock'), { recursive: true });
    symlinkSync(elsewhere, path.join(project, '.skilldock'));
    await expect(setSkillDisabled(project, 'pdf', true, [])).rejects.toMatchObject({
      code: 'path_outside_folder',
    });
    expect(existsSync(path.join(elsewhere, 'settings.json'))).toBe(false);
    rmSync(elsewhere, { recursive: true, force: true });
  });
});
