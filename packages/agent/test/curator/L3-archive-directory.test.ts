import path from 'node:path';
import { curatorPaths } from '@skilldock/agent/curator';
import { describe, expect, it } from 'vitest';

const root = path.resolve('/work/project');
const archiveOf = (directory?: string) =>
  path.relative(
    root,
    curatorPaths(root, directory === undefined ? {} : { learn: { directory } }).archiveDirectory,
  );

describe('L3 where the curator archives', () => {
  it("L3 an agent folder's skills archive beside them (Qwen Code's .qwen/archived-skills); every other learn directory in .skilldock/archived-skills", () => {
    // Seed 000: "90 天后，它的完整目录被移到 .qwen/archived-skills/" when Qwen Code's skills live in .qwen/skills.
    expect(archiveOf('.qwen/skills')).toBe(path.join('.qwen', 'archived-skills'));
    expect(archiveOf('.claude/skills')).toBe(path.join('.claude', 'archived-skills'));
    // Our default (the universal .agents/skills, shared by many tools) and any other folder.
    expect(archiveOf()).toBe(path.join('.skilldock', 'archived-skills'));
    expect(archiveOf('.agents/skills')).toBe(path.join('.skilldock', 'archived-skills'));
    expect(archiveOf('skills')).toBe(path.join('.skilldock', 'archived-skills'));
    expect(archiveOf('tools/.qwen/skills')).toBe(path.join('.skilldock', 'archived-skills'));
    expect(archiveOf('.qwen/generated')).toBe(path.join('.skilldock', 'archived-skills'));
  });
});
