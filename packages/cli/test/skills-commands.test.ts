import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeWorkspace, runCliInProcess, writeSkill } from './run-cli.js';

let project: string;
let home: string;
let projectSkills: string;
let personalSkills: string;

beforeEach(() => {
  ({ project, home } = makeWorkspace());
  projectSkills = path.join(project, '.agents', 'skills');
  personalSkills = path.join(home, '.agents', 'skills');
});

describe('skilldock --help and usage', () => {
  it('I2 prints help for the program and every skills command with exit 0', async () => {
    const top = await runCliInProcess(['--help'], { cwd: project, home });
    expect(top.status).toBe(0);
    expect(top.stdout).toContain('skills');
    for (const command of ['list', 'show', 'validate', 'read-properties', 'prompt', 'new', 'doctor']) {
      const help = await runCliInProcess(['skills', command, '--help'], { cwd: project, home });
      expect(help.status, command).toBe(0);
      expect(help.stdout, command).toContain(`Usage: skilldock skills ${command}`);
    }
  });

  it('I2 colours output only when asked: NO_COLOR wins, FORCE_COLOR adds ANSI codes', async () => {
    writeSkill(projectSkills, 'broken', 'name: Broken\ndescription: Upper-case name.');
    const plain = await runCliInProcess(['skills', 'validate', '.agents/skills/broken'], {
      cwd: project,
      home,
    });
    expect(plain.stdout).not.toContain('\u001b[');
    const coloured = await runCliInProcess(['skills', 'validate', '.agents/skills/broken'], {
      cwd: project,
      home,
      env: { NO_COLOR: '', FORCE_COLOR: '1' },
    });
    expect(coloured.stdout).toContain('\u001b[');
    expect(coloured.status).toBe(1);
  });

  it('I2 exits 2 on an unknown option or command', async () => {
    expect((await runCliInProcess(['skills', 'list', '--bogus'], { cwd: project, home })).status).toBe(2);
    expect((await runCliInProcess(['skills', 'frobnicate'], { cwd: project, home })).status).toBe(2);
    const missing = await runCliInProcess(['skills', 'validate', 'no/such/dir'], { cwd: project, home });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('no/such/dir');
  });
});

describe('skilldock skills list', () => {
  it('I2 the text table has a description column cut to the terminal width and no empty columns', async () => {
    writeSkill(projectSkills, 'alpha', `name: alpha\ndescription: ${'Long words. '.repeat(30)}`);
    writeSkill(projectSkills, 'beta', 'name: beta\ndescription: "Short,\\n  on two lines."');
    const result = await runCliInProcess(['skills', 'list'], { cwd: project, home, env: { COLUMNS: '80' } });
    expect(result.status).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    // NAME, PRIORITY and NOTES are empty for every skill: left out.
    expect(lines[0]).toMatch(/^ID\s+SOURCE\s+STATUS\s+DESCRIPTION$/);
    expect(lines[1]).toMatch(/^alpha\s+project\s+active\s+Long words\. Long words\..*…$/);
    expect(lines[2]).toMatch(/^beta\s+project\s+active\s+Short, on two lines\.$/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('I2 show prints a version only when the skill declares one (no invented 1.0.0)', async () => {
    writeSkill(projectSkills, 'plain', 'name: plain\ndescription: No version.');
    writeSkill(projectSkills, 'versioned', 'name: versioned\ndescription: Has one.\nversion: 2.3.4');
    const plain = await runCliInProcess(['skills', 'show', 'plain'], { cwd: project, home });
    expect(plain.stdout).not.toMatch(/^version:/m);
    expect(
      JSON.parse(
        (await runCliInProcess(['skills', 'show', 'plain', '--json'], { cwd: project, home })).stdout,
      ).version,
    ).toBe(null);
    expect((await runCliInProcess(['skills', 'show', 'versioned'], { cwd: project, home })).stdout).toContain(
      'version:   2.3.4',
    );
  });

  it('D1 D5 lists project and personal skills by priority with shadowing, as JSON', async () => {
    writeSkill(projectSkills, 'alpha', 'name: alpha\ndescription: Alpha skill.');
    writeSkill(projectSkills, 'beta', 'name: beta\ndescription: Beta skill.\npriority: 5');
    writeSkill(personalSkills, 'alpha', 'name: alpha\ndescription: Personal alpha.');
    writeSkill(personalSkills, 'gamma', 'name: gamma\ndescription: Gamma skill.\npriority: -1');
    const result = await runCliInProcess(['skills', 'list', '--json'], { cwd: project, home });
    expect(result.status).toBe(0);
    const parsed = JSON.parse(result.stdout) as {
      skills: { id: string; status: string; source: { type: string }; overrides: unknown[] }[];
    };
    expect(parsed.skills.map((skill) => skill.id)).toEqual(['beta', 'alpha', 'gamma']);
    const alpha = parsed.skills.find((skill) => skill.id === 'alpha')!;
    expect(alpha.source.type).toBe('project');
    expect(alpha.overrides).toHaveLength(1);

    const all = JSON.parse(
      (await runCliInProcess(['skills', 'list', '--json', '--all'], { cwd: project, home })).stdout,
    ) as typeof parsed;
    const shadowed = all.skills.filter((skill) => skill.status === 'shadowed');
    expect(shadowed.map((skill) => [skill.id, skill.source.type])).toEqual([['alpha', 'personal']]);
  });

  it('D1 lists supporting files only with --files; show always lists them', async () => {
    writeSkill(projectSkills, 'forms', 'name: forms\ndescription: Forms.', '# Forms\n', {
      'references/guide.md': 'guide',
      'scripts/fill.py': 'print(1)',
    });
    const plain = JSON.parse(
      (await runCliInProcess(['skills', 'list', '--json'], { cwd: project, home })).stdout,
    );
    expect(plain.skills[0].id).toBe('forms');
    expect(plain.skills[0]).not.toHaveProperty('files');
    const withFiles = JSON.parse(
      (await runCliInProcess(['skills', 'list', '--json', '--files'], { cwd: project, home })).stdout,
    );
    expect(withFiles.skills[0].files).toEqual([
      { path: 'references/guide.md', size: 5 },
      { path: 'scripts/fill.py', size: 8 },
    ]);
    const { files: _files, ...rest } = withFiles.skills[0];
    expect(rest).toEqual(plain.skills[0]);
    const shown = JSON.parse(
      (await runCliInProcess(['skills', 'show', 'forms', '--json'], { cwd: project, home })).stdout,
    );
    expect(shown.files).toEqual(withFiles.skills[0].files);
  });

  it('D1 prints a table and points to doctor when a skill folder fails to load', async () => {
    writeSkill(projectSkills, 'good', 'name: good\ndescription: Fine.');
    writeSkill(projectSkills, 'broken', 'name: broken');
    const result = await runCliInProcess(['skills', 'list'], { cwd: project, home });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^ID\s+SOURCE\s+STATUS\s+DESCRIPTION/m);
    expect(result.stdout).toContain('good');
    expect(result.stdout).not.toContain('broken');
    expect(result.stderr).toContain('skilldock skills doctor');
    expect(result.stderr).toContain('not trusted');
    expect((await runCliInProcess(['trust'], { cwd: project, home })).status).toBe(0);
    expect((await runCliInProcess(['skills', 'list'], { cwd: project, home })).stderr).not.toContain(
      'not trusted',
    );
  });

  it('D2 lists project skills of an untrusted workspace (listing runs nothing)', async () => {
    writeSkill(projectSkills, 'local', 'name: local\ndescription: Local.');
    const result = await runCliInProcess(['skills', 'list', '--json', '--cwd', project], { cwd: home, home });
    expect(result.status).toBe(0);
    const listing = JSON.parse(result.stdout);
    expect(listing.skills.map((skill: { id: string }) => skill.id)).toEqual(['local']);
    expect(listing.trusted).toBe(false);
  });
});

describe('skilldock skills validate', () => {
  it('S3 validates one folder, a SKILL.md path and a folder of many skills with a summary', async () => {
    writeSkill(projectSkills, 'ok-skill', 'name: ok-skill\ndescription: Does things.');
    writeSkill(projectSkills, 'Bad_Skill', 'name: Bad_Skill\ndescription: Bad name.');
    const one = await runCliInProcess(['skills', 'validate', '.agents/skills/ok-skill'], {
      cwd: project,
      home,
    });
    expect(one.status).toBe(0);
    expect(one.stdout).toContain('✓');
    const file = await runCliInProcess(['skills', 'validate', '.agents/skills/ok-skill/SKILL.md'], {
      cwd: project,
      home,
    });
    expect(file.status).toBe(0);
    const many = await runCliInProcess(['skills', 'validate', '.agents/skills'], { cwd: project, home });
    expect(many.status).toBe(1);
    expect(many.stdout).toContain('2 skill(s): 1 valid, 1 invalid');
    expect(many.stdout).toMatch(/Bad_Skill\/SKILL\.md:2:1 error\s+name_not_lowercase/);
  });

  it('S3 reports JSON with positions and exits 1; --strict turns unknown fields into errors', async () => {
    writeSkill(projectSkills, 'extra', 'name: extra\ndescription: Has extra.\ncolour: blue');
    const lax = await runCliInProcess(['skills', 'validate', '.agents/skills/extra', '--json'], {
      cwd: project,
      home,
    });
    expect(lax.status).toBe(0);
    const laxJson = JSON.parse(lax.stdout);
    expect(laxJson.results[0].diagnostics[0]).toMatchObject({
      code: 'field_unknown',
      severity: 'warning',
      line: 4,
      column: 1,
      path: ['colour'],
    });
    const strict = await runCliInProcess(
      ['skills', 'validate', '.agents/skills/extra', '--json', '--strict'],
      {
        cwd: project,
        home,
      },
    );
    expect(strict.status).toBe(1);
    expect(JSON.parse(strict.stdout).summary).toEqual({ total: 1, valid: 0, invalid: 1, warnings: 0 });
  });

  it('D2 validate reports links that leave the folder it searches, as notes', async () => {
    writeSkill(projectSkills, 'fine', 'name: fine\ndescription: Fine.');
    symlinkSync('/etc', path.join(projectSkills, 'outside'));
    const text = await runCliInProcess(['skills', 'validate', '.agents/skills'], { cwd: project, home });
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/outside warning\s+symlink_outside_root/);
    const json = JSON.parse(
      (await runCliInProcess(['skills', 'validate', '.agents/skills', '--json'], { cwd: project, home }))
        .stdout,
    );
    expect(json.notes.map((note: { code: string }) => note.code)).toEqual(['symlink_outside_root']);
  });

  it('S3 validates the discovered skills when no PATH is given', async () => {
    writeSkill(projectSkills, 'fine', 'name: fine\ndescription: Fine.');
    writeSkill(personalSkills, 'mine', 'name: mine\ndescription: Mine.');
    const result = await runCliInProcess(['skills', 'validate', '--json'], { cwd: project, home });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).summary.total).toBe(2);
  });

  it('S2 answers a FIFO named SKILL.md with a diagnostic instead of hanging', async () => {
    const { execFileSync } = await import('node:child_process');
    const folder = path.join(projectSkills, 'fifo');
    mkdirSync(folder, { recursive: true });
    execFileSync('mkfifo', [path.join(folder, 'SKILL.md')]);
    const result = await runCliInProcess(['skills', 'validate', '.agents/skills/fifo', '--json'], {
      cwd: project,
      home,
    });
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout).results[0].diagnostics[0].code).toBe('skill_file_not_regular');
  });
});

describe('skilldock skills new, show, prompt, doctor', () => {
  it('S5 new writes a template that validates under the spec profile, and refuses to overwrite', async () => {
    const created = await runCliInProcess(['skills', 'new', 'my-skill'], { cwd: project, home });
    expect(created.status).toBe(0);
    const file = path.join(projectSkills, 'my-skill', 'SKILL.md');
    expect(existsSync(file)).toBe(true);
    expect(
      (await runCliInProcess(['skills', 'validate', file, '--strict'], { cwd: project, home })).status,
    ).toBe(0);
    const before = readFileSync(file, 'utf8');
    writeFileSync(file, `${before}\nlocal edit\n`);
    const again = await runCliInProcess(['skills', 'new', 'my-skill'], { cwd: project, home });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already exists');
    expect(readFileSync(file, 'utf8')).toContain('local edit');
    writeFileSync(path.join(project, 'a-file'), 'not a folder');
    const notFolder = await runCliInProcess(['skills', 'new', 'x', '--dir', 'a-file'], {
      cwd: project,
      home,
    });
    expect(notFolder.status).toBe(1);
    expect(notFolder.stderr).toContain('a-file is not a folder');
    expect(notFolder.stderr).not.toContain('    at ');
    const bad = await runCliInProcess(['skills', 'new', 'Not Valid'], { cwd: project, home });
    expect(bad.status).toBe(1);
    expect(existsSync(path.join(projectSkills, 'Not Valid'))).toBe(false);
  });

  it('I2 show prints a skill with its files, and exits 1 naming close ids for an unknown one', async () => {
    writeSkill(
      projectSkills,
      'pdf-tools',
      'name: pdf-tools\ndescription: Work with PDFs.',
      '# PDF\nUse it.\n',
      { 'scripts/run.sh': 'echo hi\n' },
    );
    const shown = await runCliInProcess(['skills', 'show', 'pdf-tools'], { cwd: project, home });
    expect(shown.status).toBe(0);
    expect(shown.stdout).toContain('scripts/run.sh');
    expect(shown.stdout).toContain('Use it.');
    const json = JSON.parse(
      (await runCliInProcess(['skills', 'show', 'pdf-tools', '--json'], { cwd: project, home })).stdout,
    );
    expect(json.files).toEqual([{ path: 'scripts/run.sh', size: 8 }]);
    const missing = await runCliInProcess(['skills', 'show', 'pdf'], { cwd: project, home });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('pdf-tools');
  });

  it('D8 prompt renders the discovered catalog in every format and honours a token budget', async () => {
    writeSkill(projectSkills, 'b-skill', 'name: b-skill\ndescription: Second <one> & more.');
    writeSkill(projectSkills, 'a-skill', 'name: a-skill\ndescription: First.');
    const xml = await runCliInProcess(['skills', 'prompt'], { cwd: project, home });
    expect(xml.status).toBe(0);
    expect(xml.stdout.indexOf('a-skill')).toBeLessThan(xml.stdout.indexOf('b-skill'));
    expect(xml.stdout).toContain('&lt;one&gt; &amp; more');
    const markdown = await runCliInProcess(['skills', 'prompt', '--format', 'markdown'], {
      cwd: project,
      home,
    });
    expect(markdown.stdout).toContain('a-skill');
    const budget = await runCliInProcess(['skills', 'prompt', '--budget-tokens', '3'], {
      cwd: project,
      home,
    });
    expect(budget.status).toBe(0);
    expect(budget.stderr).toMatch(/shortened|hidden/);
    expect(
      (await runCliInProcess(['skills', 'prompt', '--budget-tokens', 'many'], { cwd: project, home })).status,
    ).toBe(2);
  });

  it('D3 D8 prompt hides path-gated and model-hidden skills and applies the settings budget', async () => {
    writeSkill(
      projectSkills,
      'open-skill',
      'name: open-skill\ndescription: Always visible. '.concat('word '.repeat(40)),
    );
    writeSkill(projectSkills, 'gated', "name: gated\ndescription: Only for docs.\npaths:\n  - 'docs/**'");
    writeSkill(
      projectSkills,
      'manual',
      'name: manual\ndescription: User only.\ndisable-model-invocation: true',
    );
    const plain = await runCliInProcess(['skills', 'prompt'], { cwd: project, home });
    expect(plain.stdout).toContain('open-skill');
    expect(plain.stdout).not.toContain('gated');
    expect(plain.stdout).not.toContain('manual');
    expect(plain.stderr).toBe('');
    mkdirSync(path.join(project, '.skilldock'));
    writeFileSync(
      path.join(project, '.skilldock', 'settings.json'),
      JSON.stringify({ skills: { budget: { characters: 200 } } }),
    );
    const budgeted = await runCliInProcess(['skills', 'prompt'], { cwd: project, home });
    expect(budgeted.status).toBe(0);
    expect(budgeted.stdout.trimEnd().length).toBeLessThanOrEqual(200);
    expect(budgeted.stderr).toMatch(/1 description\(s\) shortened/);
  });

  it('D2 doctor explains trust, shadowing and invalid skills', async () => {
    writeSkill(projectSkills, 'dup', 'name: dup\ndescription: Project dup.');
    writeSkill(personalSkills, 'dup', 'name: dup\ndescription: Personal dup.');
    writeSkill(projectSkills, 'broken', 'name: broken\ndescription: [unclosed');
    const result = await runCliInProcess(['skills', 'doctor'], { cwd: project, home });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('not trusted');
    expect(result.stdout).toContain('skilldock trust');
    expect(result.stdout).toMatch(/dup from personal is hidden by project/);
    expect(result.stdout).toMatch(/broken\/SKILL\.md:\d+:\d+/);
    expect((await runCliInProcess(['trust'], { cwd: project, home })).status).toBe(0);
    expect((await runCliInProcess(['skills', 'doctor'], { cwd: project, home })).stdout).toContain(
      'This workspace is trusted',
    );
    expect((await runCliInProcess(['untrust'], { cwd: project, home })).status).toBe(0);
    expect((await runCliInProcess(['skills', 'doctor'], { cwd: project, home })).stdout).toContain(
      'not trusted',
    );
  });

  it('D1 list and doctor: a skill named "PDF Tools" does not take pdf-tools from the valid one, and doctor still shows its diagnostics', async () => {
    writeSkill(projectSkills, 'PDF Tools', 'name: PDF Tools\ndescription: Invalid name.');
    writeSkill(personalSkills, 'pdf-tools', 'name: pdf-tools\ndescription: Valid one.');
    const list = JSON.parse(
      (await runCliInProcess(['skills', 'list', '--json', '--all'], { cwd: project, home })).stdout,
    );
    expect(list.skills.map((skill: { name: string; status: string }) => [skill.name, skill.status])).toEqual([
      ['pdf-tools', 'active'],
      ['PDF Tools', 'shadowed'],
    ]);
    const doctor = await runCliInProcess(['skills', 'doctor'], { cwd: project, home });
    expect(doctor.stdout).toContain("its name 'PDF Tools' is not a valid name");
    expect(doctor.stdout).toMatch(/PDF Tools\/SKILL\.md:2:1 warning name_invalid_characters/);
  });
});
