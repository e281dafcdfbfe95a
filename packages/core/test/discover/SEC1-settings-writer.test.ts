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
import { setSkillDisabled } from '../../src/discover/index.js';

let project: string;
let home: string;
beforeEach(() => {
  project = mkdtempSync(path.join(tmpdir(), 'skilldock-settings-'));
  home = mkdtempSync(path.join(tmpdir(), 'skilldock-settings-home-'));
  mkdirSync(path.join(project, '.skilldock'));
});
afterEach(() => {
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});
const switchOff = (skillId: string) =>
  setSkillDisabled({ projectRoot: project, homeDirectory: home, skillId, disabled: true });

const settingsFile = () => path.join(project, '.skilldock', 'settings.json');

describe('the project settings writer', () => {
  it('SEC1 a __proto__ key (top level and under skills) survives switching a skill off', async () => {
    writeFileSync(
      settingsFile(),
      '{ "__proto__": { "polluted": true }, "constructor": 1, "skills": { "__proto__": ["x"], "disabled": [] } }',
    );
    await switchOff('pdf');
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
    await expect(switchOff('pdf')).rejects.toMatchObject({
      code: 'path_outside_folder',
    });
    expect(existsSync(path.join(elsewhere, 'settings.json'))).toBe(false);
    rmSync(elsewhere, { recursive: true, force: true });
  });

  it("D1 the project list starts from the one in effect (the user's entries kept) and switching on removes only that id", async () => {
    mkdirSync(path.join(home, '.skilldock'));
    writeFileSync(path.join(home, '.skilldock', 'settings.json'), '{ "skills": { "disabled": ["old"] } }');
    writeFileSync(settingsFile(), '{ "models": { "default": "openai:gpt-5" } }');
    await switchOff('pdf');
    expect(JSON.parse(readFileSync(settingsFile(), 'utf8'))).toEqual({
      models: { default: 'openai:gpt-5' },
      skills: { disabled: ['old', 'pdf'] },
    });
    await setSkillDisabled({ projectRoot: project, homeDirectory: home, skillId: 'old', disabled: false });
    expect(JSON.parse(readFileSync(settingsFile(), 'utf8')).skills.disabled).toEqual(['pdf']);
  });

  it('SEC1 a settings file that is not a JSON object is refused with where it breaks, and left as it was', async () => {
    writeFileSync(settingsFile(), '{\n  "skills": { "disabled": [ }\n}\n');
    await expect(switchOff('pdf')).rejects.toMatchObject({
      code: 'settings_invalid',
      message: expect.stringContaining('invalid JSON'),
      details: { path: settingsFile(), line: 2 },
    });
    expect(readFileSync(settingsFile(), 'utf8')).toBe('{\n  "skills": { "disabled": [ }\n}\n');
  });
});
