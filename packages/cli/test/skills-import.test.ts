import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { makeWorkspace, runCliInProcess, writeSkill } from './run-cli.js';
import { readTree } from './skills-add-fixtures.js';

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

  it('P3 P2 pack then import agree for a skill that ships a .tar.gz and a .zip as resources (anthropics web-artifacts-builder, vercel deploy-to-vercel)', async () => {
    const skill = writeSkill(
      path.join(base, 'src'),
      'web-artifacts-builder',
      'name: web-artifacts-builder\ndescription: Builds web artifacts from a template.',
    );
    // Real archives made by the system tools, as the upstream skills ship them.
    const template = path.join(base, 'template');
    mkdirSync(path.join(template, 'src'), { recursive: true });
    writeFileSync(path.join(template, 'src/index.html'), '<!doctype html><title>t</title>\n');
    writeFileSync(path.join(template, 'package.json'), '{ "name": "template" }\n');
    execFileSync('tar', ['-czf', path.join(skill, 'shadcn-components.tar.gz'), '-C', template, '.']);
    execFileSync('zip', ['-qr', path.join(skill, 'deploy.zip'), '.'], { cwd: template });
    const source = readTree(skill);
    const revision = await runCliInProcess(['skills', 'hash', skill, '--json'], { cwd: project, home });
    expect(revision.status).toBe(0);
    for (const format of ['zip', 'tgz'] as const) {
      const bundle = path.join(base, `bundle.${format === 'zip' ? 'zip' : 'tar.gz'}`);
      const pack = await runCliInProcess(['skills', 'pack', skill, '--format', format, '--out', bundle], {
        cwd: project,
        home,
      });
      expect(pack.status).toBe(0);
      const run = await runCliInProcess(
        ['skills', 'import', bundle, '--yes', '--copy', '--agent', 'universal', '--json'],
        {
          cwd: project,
          home,
        },
      );
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const installed = path.join(project, '.agents/skills/web-artifacts-builder');
      expect(readTree(installed)).toEqual(source);
      expect(JSON.parse(run.stdout).installed[0].revision).toBe(JSON.parse(revision.stdout).hash);
      // Never extracted: the archives are the same bytes, nothing of their contents sits beside them.
      expect(existsSync(path.join(installed, 'src'))).toBe(false);
      rmSync(path.join(project, '.agents'), { recursive: true });
      rmSync(path.join(project, 'skills-lock.json'));
    }
  });

  it('S4 Y4 imports skills with Chinese names under their slug or pinyin id, never unnamed-skill', async () => {
    const skills = {
      cleanup: '---\nname: 文档整理\nslug: document-cleanup\ndescription: Tidies documents.\n---\n# A\n',
      zh: '---\nname: 文档整理\ndescription: Also tidies documents.\n---\n# B\n',
    };
    const ids: string[] = [];
    for (const [folder, text] of Object.entries(skills)) {
      const archive = path.join(base, `${folder}.zip`);
      await writeZip(archive, { [`${folder}/SKILL.md`]: text });
      const run = await runCliInProcess(
        ['skills', 'import', archive, '--yes', '--copy', '--agent', 'universal', '--json'],
        { cwd: project, home },
      );
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      ids.push(...JSON.parse(run.stdout).installed.map((skill: { id: string }) => skill.id));
    }
    expect(ids).toEqual(['document-cleanup', 'wen-dang-zheng-li']);
    expect(readFileSync(path.join(project, '.agents/skills/document-cleanup/SKILL.md'), 'utf8')).toContain(
      'name: 文档整理',
    );
    expect(existsSync(path.join(project, '.agents/skills/wen-dang-zheng-li/SKILL.md'))).toBe(true);
    expect(existsSync(path.join(project, '.agents/skills/unnamed-skill'))).toBe(false);
    const lock = JSON.parse(readFileSync(path.join(project, 'skills-lock.json'), 'utf8'));
    expect(Object.keys(lock.skills)).toEqual(['document-cleanup', 'wen-dang-zheng-li']);
  });

  it('P6 refuses something that is not an archive', async () => {
    const run = await runCliInProcess(['skills', 'import', project], { cwd: project, home });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('is not a .zip, .tar.gz or .tgz archive');
    expect(existsSync(path.join(project, 'skills-lock.json'))).toBe(false);
  });
});
