/**
 * R4 over a multi-MB file (the integration tier's payloads; the fast file is
 * read-skill-resource.test.ts): read_skill_resource pages through 20 MB by line offset.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyRuntimeProject, type RuntimeProject, readSkillResource } from './runtime-project.js';

let project: RuntimeProject;
beforeEach(async () => {
  project = await copyRuntimeProject();
});
afterEach(() => project.remove());

const read = (args: Record<string, unknown>) => readSkillResource(project, args);

describe('read_skill_resource on a multi-MB file', () => {
  it('R4 pages through a 20 MB file: any offset is reachable and only a page is returned', async () => {
    const row = (index: number) => `${String(index).padStart(9, '0')} ${'-'.repeat(30)}\n`;
    const rows = Array.from({ length: 500_000 }, (_, index) => row(index + 1)).join('');
    await project.writeFile('.agents/skills/pdf-forms/references/huge.log', rows);
    const result = await read({ path: '/.skills/pdf-forms/references/huge.log', offset: 499_999 });
    expect(result).toEqual({ isError: false, content: row(499_999) + row(500_000) });
    const past = await read({ path: '/.skills/pdf-forms/references/huge.log', offset: 600_000 });
    expect(past).toEqual({
      isError: true,
      content: '/.skills/pdf-forms/references/huge.log has 500000 lines; offset 600000 is past the end.',
    });
  });
});
