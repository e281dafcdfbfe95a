import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeWorkspace, runCliInProcess, writeSkill } from './run-cli.js';

let project: string;
let home: string;
beforeEach(() => {
  ({ project, home } = makeWorkspace());
  writeSkill(path.join(project, '.agents', 'skills'), 'good', 'name: good\ndescription: A good skill.');
});
afterEach(() => rmSync(path.dirname(project), { recursive: true, force: true }));

function writeSettingsFile(root: string, text: string): string {
  mkdirSync(path.join(root, '.skilldock'), { recursive: true });
  const file = path.join(root, '.skilldock', 'settings.json');
  writeFileSync(file, text);
  return file;
}

describe('settings files: every command that reads them warns', () => {
  it('I2 a malformed project settings file is warned about on stderr with file:line:column by list, show, prompt and validate', async () => {
    const file = writeSettingsFile(project, '{\n  "skills": {\n    "disabled": [1,\n}\n');
    for (const args of [
      ['skills', 'list'],
      ['skills', 'list', '--json'],
      ['skills', 'show', 'good'],
      ['skills', 'prompt'],
      ['skills', 'validate'],
    ]) {
      const result = await runCliInProcess(args, { cwd: project, home });
      expect(result.status, args.join(' ')).toBe(0);
      expect(result.stderr, args.join(' ')).toContain(
        `${file}:4:1 error   settings_invalid_json invalid JSON`,
      );
    }
    // doctor lists it in its report instead.
    const doctor = await runCliInProcess(['skills', 'doctor'], { cwd: project, home });
    expect(doctor.stdout).toContain('settings_invalid_json');
  });

  it('I2 a wrong allowed_hosts in the user settings is warned about by add, check and update', async () => {
    const file = writeSettingsFile(home, '{\n  "allowed_hosts": "github.com"\n}\n');
    for (const args of [
      ['skills', 'add', '.agents/skills/good', '--list'],
      ['skills', 'check'],
      ['skills', 'update'],
    ]) {
      const result = await runCliInProcess(args, { cwd: project, home });
      expect(result.status, args.join(' ')).toBe(0);
      expect(result.stderr, args.join(' ')).toContain(`${file}:2:3 error   settings_invalid_value`);
    }
  });

  it('I2 a settings file that is fine prints no warning', async () => {
    writeSettingsFile(project, '{ "skills": { "disabled": [] } }');
    expect((await runCliInProcess(['skills', 'list'], { cwd: project, home })).stderr).not.toContain(
      'settings',
    );
  });
});
