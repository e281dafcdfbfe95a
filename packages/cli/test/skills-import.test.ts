import { once } from 'node:events';
import { createWriteStream, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { makeWorkspace, runCliInProcess } from './run-cli.js';

let project: string;
let home: string;
let base: string;
beforeEach(() => {
  ({ project, home } = makeWorkspace());
  base = path.dirname(project);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

async function writeZip(file: string, entries: Record<string, string>) {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  const out = createWriteStream(file);
  zip.outputStream.pipe(out);
  await once(out, 'close');
}

describe('skilldock skills import', () => {
  it('P6 reviews a zip of skills and installs it', async () => {
    const archive = path.join(base, 'skills.zip');
    await writeZip(archive, {
      'pdf/SKILL.md': '---\nname: pdf\ndescription: Work with PDF files.\n---\n# PDF\n',
      'pdf/scripts/extract.py': 'print("hi")\n',
    });
    const run = await runCliInProcess(
      ['skills', 'import', archive, '--yes', '--copy', '--agent', 'qwen-code'],
      {
        cwd: project,
        home,
      },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Work with PDF files.');
    expect(run.stdout).toContain('scripts/extract.py');
    expect(readFileSync(path.join(project, '.qwen/skills/pdf/scripts/extract.py'), 'utf8')).toBe(
      'print("hi")\n',
    );
    const lock = JSON.parse(readFileSync(path.join(project, 'skills-lock.json'), 'utf8'));
    expect(lock.skills.pdf).toMatchObject({ source: archive, sourceType: 'local' });
  });

  it('P6 refuses something that is not an archive', async () => {
    const run = await runCliInProcess(['skills', 'import', project], { cwd: project, home });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('is not a .zip, .tar.gz or .tgz archive');
    expect(existsSync(path.join(project, 'skills-lock.json'))).toBe(false);
  });
});
