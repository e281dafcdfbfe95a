import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confinePath } from '../../src/policy/confine-path.js';
import { createReadFileTool } from '../../src/tools/read-file-tool.js';
import { createWriteFileTool } from '../../src/tools/write-file-tool.js';
import { makeToolWorkspace, type ToolTestWorkspace } from './tool-test-context.js';

describe('path confinement', () => {
  let workspace: ToolTestWorkspace;
  beforeEach(async () => {
    workspace = await makeToolWorkspace();
  });
  afterEach(() => workspace.cleanup());

  it('G4 resolves a relative path inside the project', async () => {
    const result = await confinePath('src/a.ts', 'write', workspace.context());
    expect(result).toEqual({
      ok: true,
      realPath: join(workspace.project, 'src', 'a.ts'),
      absolutePath: join(workspace.project, 'src', 'a.ts'),
      displayPath: join('src', 'a.ts'),
    });
  });

  it('G4 refuses ../ out of the project and says what is allowed', async () => {
    const result = await confinePath('../outside/secret.txt', 'read', workspace.context());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toContain('outside the project');
    expect(result.message).toContain(`inside the project ${workspace.project}`);
  });

  it('G4 refuses an absolute path outside the project', async () => {
    const result = await confinePath('/etc/passwd', 'read', workspace.context());
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.message).toMatch(/^Refused: \/etc\/passwd resolves to .* outside the project/);
  });

  it('G4 refuses a symbolic link inside the project that leads outside, for reads and writes', async () => {
    await writeFile(join(workspace.outside, 'secret.txt'), 'top secret');
    await symlink(workspace.outside, join(workspace.project, 'escape'));
    const read = await createReadFileTool().execute({ path: 'escape/secret.txt' }, workspace.context());
    expect(read.isError).toBe(true);
    expect(read.content).toContain('symbolic link');
    expect(read.content).not.toContain('top secret');
    const write = await createWriteFileTool().execute(
      { path: 'escape/new.txt', content: 'x' },
      workspace.context(),
    );
    expect(write.isError).toBe(true);
    expect(write.content).toContain('symbolic link');
  });

  it('G4 refuses writing through a dangling link whose target is outside', async () => {
    await symlink(join(workspace.outside, 'not-yet.txt'), join(workspace.project, 'dangling'));
    const result = await confinePath('dangling', 'write', workspace.context());
    expect(result.ok).toBe(false);
  });

  it('G4 allows reads inside a read-only root and refuses writes there', async () => {
    const skill = join(workspace.outside, 'skills', 'deploy');
    await mkdir(skill, { recursive: true });
    await writeFile(join(skill, 'SKILL.md'), '---\nname: deploy\n---\nbody\n');
    const context = workspace.context({ readOnlyRoots: [skill] });
    const read = await createReadFileTool().execute({ path: join(skill, 'SKILL.md') }, context);
    expect(read.isError).toBe(false);
    expect(read.content).toContain('name: deploy');
    const write = await createWriteFileTool().execute(
      { path: join(skill, 'SKILL.md'), content: 'x' },
      context,
    );
    expect(write.isError).toBe(true);
    expect(write.content).toContain('read-only skill folder');
    expect(write.content).toContain(`Skill folders may be read but not written: ${skill}`);
  });

  it('G4 refuses writes into a read-only root that lies inside the project', async () => {
    const skill = join(workspace.project, '.qwen', 'skills', 'deploy');
    await mkdir(skill, { recursive: true });
    const context = workspace.context({ readOnlyRoots: [skill] });
    expect((await confinePath('.qwen/skills/deploy/SKILL.md', 'read', context)).ok).toBe(true);
    const write = await confinePath('.qwen/skills/deploy/SKILL.md', 'write', context);
    expect(write.ok).toBe(false);
  });

  it('G4 refuses writing into .git but allows reading it', async () => {
    await workspace.write('.git/config', '[core]\n');
    const write = await confinePath('.git/config', 'write', workspace.context());
    expect(write.ok).toBe(false);
    if (!write.ok) expect(write.message).toContain('.git');
    expect((await confinePath('.git/config', 'read', workspace.context())).ok).toBe(true);
  });

  it('G4 project access refuses read-only roots outside the project', async () => {
    const context = workspace.context({ readOnlyRoots: [workspace.outside] });
    expect((await confinePath(workspace.outside, 'read', context)).ok).toBe(true);
    const result = await confinePath(workspace.outside, 'project', context);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain('Only folders inside the project');
  });
});
