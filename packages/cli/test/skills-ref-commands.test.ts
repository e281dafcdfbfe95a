import { realpathSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeWorkspace, runCliInProcess, writeSkill } from './run-cli.js';

let project: string;
let home: string;

beforeEach(() => {
  ({ project, home } = makeWorkspace());
});

describe('skills-ref parity through the CLI', () => {
  it('S3 skills-ref: validate prints the path as typed and exits 0 on a valid skill', async () => {
    writeSkill(project, 'my-skill', 'name: my-skill\ndescription: A test skill');
    for (const typed of ['my-skill/', './my-skill', 'my-skill/SKILL.md']) {
      const result = await runCliInProcess(['skills', 'validate', '--profile', 'skills-ref', typed], {
        cwd: project,
        home,
      });
      expect(result).toEqual({ status: 0, stdout: 'Valid skill: my-skill\n', stderr: '' });
    }
  });

  it('S3 skills-ref: validate lists every error on stderr in the reference order and exits 1', async () => {
    writeSkill(project, 'bad', 'name: Bad--Name\ndescription: x\nextra: y');
    const result = await runCliInProcess(['skills', 'validate', '--profile', 'skills-ref', 'bad'], {
      cwd: project,
      home,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      [
        'Validation failed for bad:',
        "  - Unexpected fields in frontmatter: extra. Only ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] are allowed.",
        "  - Skill name 'Bad--Name' must be lowercase",
        '  - Skill name cannot contain consecutive hyphens',
        "  - Directory name 'bad' must match skill name 'Bad--Name'",
        '',
      ].join('\n'),
    );
  });

  it('S3 skills-ref: a missing path is a usage error with exit 2 and nothing on stdout', async () => {
    const result = await runCliInProcess(['skills', 'validate', '--profile', 'skills-ref', 'nope'], {
      cwd: project,
      home,
    });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain("Path 'nope' does not exist.");
  });

  it('S3 skills-ref: read-properties prints the JSON in key order with non-ASCII escaped', async () => {
    writeSkill(
      project,
      'café',
      'name: café\ndescription: Crème brûlée\nlicense: MIT\nmetadata:\n  author: me',
    );
    const result = await runCliInProcess(['skills', 'read-properties', 'café'], { cwd: project, home });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      '{\n  "name": "caf\\u00e9",\n  "description": "Cr\\u00e8me br\\u00fbl\\u00e9e",\n  "license": "MIT",\n  "metadata": {\n    "author": "me"\n  }\n}\n',
    );
  });

  it('S3 skills-ref: prompt --format skills-ref prints the reference XML with resolved locations', async () => {
    writeSkill(project, 'a-skill', 'name: a-skill\ndescription: Uses <tags> & "quotes"');
    const result = await runCliInProcess(['skills', 'prompt', '--format', 'skills-ref', 'a-skill'], {
      cwd: project,
      home,
    });
    expect(result.status).toBe(0);
    const location = path.join(realpathSync(project), 'a-skill', 'SKILL.md');
    expect(result.stdout).toBe(
      `<available_skills>\n<skill>\n<name>\na-skill\n</name>\n<description>\nUses &lt;tags&gt; &amp; &quot;quotes&quot;\n</description>\n<location>\n${location}\n</location>\n</skill>\n</available_skills>\n`,
    );
  });
});
