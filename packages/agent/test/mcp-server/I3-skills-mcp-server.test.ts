import { symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SKILLS_CATALOG_URI, skillResourceUri } from '../../src/mcp-server/index.js';
import {
  type ConnectedClient,
  connectClient,
  type Folders,
  makeFolders,
  textOf,
  writeSkill,
} from './mcp-server-folders.js';

let folders: Folders;
const open: ConnectedClient[] = [];
beforeEach(async () => {
  folders = await makeFolders();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((connected) => connected.close()));
  await folders.cleanup();
});
describe('I3 the skills MCP server, through the official SDK client', () => {
  const connect = async ({ trust = true, watch = false } = {}) => {
    const connected = await connectClient({
      roots: { cwd: folders.project, home: folders.home, env: {}, trust, watch },
    });
    open.push(connected);
    return connected;
  };

  it("I3 serves activate_skill with R2's answer to an MCP client", async () => {
    const folder = await writeSkill(folders.project, 'pdf-tools', {
      body: 'Fill the form with $ARGUMENTS.',
      files: { 'references/guide.md': 'The guide.\n' },
    });
    const { client } = await connect();
    const tools = await client.listTools();
    expect(tools.tools.map((tool) => tool.name)).toEqual(['activate_skill', 'read_skill_resource']);
    const result = await client.callTool({ name: 'activate_skill', arguments: { name: 'pdf-tools' } });
    expect(result.isError).toBe(false);
    const text = textOf(result);
    expect(text).toContain('Fill the form with $ARGUMENTS.');
    expect(text).toContain(`Base directory: ${folder}`);
    expect(text).toContain('- /.skills/pdf-tools/references/guide.md');
    const again = await client.callTool({ name: 'activate_skill', arguments: { name: 'pdf-tools' } });
    expect(textOf(again)).toMatch(/already active/);
    const unknown = await client.callTool({ name: 'activate_skill', arguments: { name: 'nope' } });
    expect(textOf(unknown)).toContain('There is no skill named "nope". Available skills:\n- pdf-tools:');
  });

  it('I3 gives the catalog as the instructions and as the skills://catalog resource', async () => {
    await writeSkill(folders.project, 'alpha', { description: 'First <skill> & more.' });
    await writeSkill(folders.project, 'beta');
    const { client } = await connect();
    const instructions = client.getInstructions() ?? '';
    expect(instructions).toContain('## Skills');
    expect(instructions).toContain('call activate_skill');
    expect(instructions.indexOf('alpha')).toBeLessThan(instructions.indexOf('beta'));
    expect(instructions).toContain('First &lt;skill&gt; &amp; more.');
    const catalog = await client.readResource({ uri: SKILLS_CATALOG_URI });
    const text = (catalog.contents[0] as { text: string }).text;
    expect(text).toContain('alpha');
    expect(text).toContain('beta');
  });

  it('R1 declares activate_skill alone when no skill has supporting files', async () => {
    await writeSkill(folders.project, 'plain');
    const { client } = await connect();
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['activate_skill']);
    const refused = await client.callTool({
      name: 'read_skill_resource',
      arguments: { path: '/.skills/plain/SKILL.md' },
    });
    expect(refused.isError).toBe(true);
  });

  it('R4 read_skill_resource pages a huge file and says which offset reads on', async () => {
    const lines = Array.from({ length: 5000 }, (_, index) => `line ${index + 1}`).join('\n');
    await writeSkill(folders.project, 'big', { files: { 'data.txt': lines } });
    const { client } = await connect();
    const first = textOf(
      await client.callTool({ name: 'read_skill_resource', arguments: { path: '/.skills/big/data.txt' } }),
    );
    expect(first).toContain('line 2000');
    expect(first).not.toContain('line 2001\n');
    expect(first).toMatch(/offset[^\d]*2001/);
    const second = textOf(
      await client.callTool({
        name: 'read_skill_resource',
        arguments: { path: '/.skills/big/data.txt', offset: 2001 },
      }),
    );
    expect(second).toContain('line 2001');
    expect(second).not.toMatch(/\bline 1\n/);
  });

  it('R4 refuses traversal, absolute, encoded and symlinked paths out of a skill', async () => {
    await writeFile(path.join(folders.base, 'secret.txt'), 'TOP SECRET');
    const folder = await writeSkill(folders.project, 'victim', { files: { 'ok.md': 'fine' } });
    await symlink(path.join(folders.base, 'secret.txt'), path.join(folder, 'link.txt'));
    const { client } = await connect();
    for (const attempt of [
      '/.skills/victim/../../../secret.txt',
      '/.skills/victim/%2e%2e/%2e%2e/%2e%2e/secret.txt',
      '/.skills/victim/..%2f..%2f..%2fsecret.txt',
      path.join(folders.base, 'secret.txt'),
      '/.skills/victim/link.txt',
    ]) {
      const result = await client.callTool({ name: 'read_skill_resource', arguments: { path: attempt } });
      expect(result.isError, attempt).toBe(true);
      expect(textOf(result), attempt).not.toContain('TOP SECRET');
    }
  });

  it("I3 lists each skill's SKILL.md and files as resources and reads them", async () => {
    await writeSkill(folders.project, 'docs', { body: 'Docs body.', files: { 'guide/intro.md': 'Intro.' } });
    const { client } = await connect();
    const listed = await client.listResources();
    expect(listed.resources.map((resource) => resource.uri)).toEqual([
      SKILLS_CATALOG_URI,
      'skill://docs/SKILL.md',
      'skill://docs/guide/intro.md',
    ]);
    const skillFile = await client.readResource({ uri: skillResourceUri('docs') });
    expect((skillFile.contents[0] as { text: string }).text).toContain('Docs body.');
    const intro = await client.readResource({ uri: 'skill://docs/guide/intro.md' });
    expect((intro.contents[0] as { text: string }).text).toBe('Intro.');
  });

  it('R4 refuses a resource URI that leads into another folder', async () => {
    await writeFile(path.join(folders.base, 'secret.txt'), 'TOP SECRET');
    await writeSkill(folders.project, 'one', { files: { 'a.md': 'a' } });
    await writeSkill(folders.project, 'two', { files: { 'b.md': 'b' } });
    const { client } = await connect();
    for (const uri of [
      'skill://one/../two/b.md',
      'skill://one/%2e%2e/two/b.md',
      'skill://one/..%2F..%2F..%2F..%2Fsecret.txt',
      'skill://..%2Fone/a.md',
      'skill://one%2F..%2Ftwo/b.md',
      `skill://one/${encodeURIComponent(path.join(folders.base, 'secret.txt'))}`,
      'file:///etc/passwd',
    ]) {
      await expect(client.readResource({ uri }), uri).rejects.toThrow();
    }
  });

  it('SEC4 a resource larger than a read may be is refused with the paging tool named', async () => {
    await writeSkill(folders.project, 'huge', { files: { 'huge.txt': Buffer.alloc(5 * 1024 * 1024, 'a') } });
    const { client } = await connect();
    await expect(client.readResource({ uri: 'skill://huge/huge.txt' })).rejects.toThrow(
      /read_skill_resource/,
    );
  });

  it('SEC4 pages resources/list and serves a binary file as a blob', async () => {
    const files: Record<string, string | Buffer> = {
      'logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]),
    };
    for (let index = 0; index < 600; index += 1)
      files[`notes/${String(index).padStart(3, '0')}.md`] = `${index}`;
    await writeSkill(folders.project, 'many', { files });
    const { client } = await connect();
    const first = await client.listResources();
    expect(first.resources).toHaveLength(500);
    expect(first.nextCursor).toBe('500');
    const second = await client.listResources({ cursor: first.nextCursor });
    expect(second.resources.length).toBe(603 - 500);
    expect(second.nextCursor).toBeUndefined();
    await expect(client.listResources({ cursor: 'abc' })).rejects.toThrow(/cursor/);
    const logo = await client.readResource({ uri: 'skill://many/logo.png' });
    expect(logo.contents[0]).toMatchObject({
      blob: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]).toString('base64'),
    });
  });

  it('R9 D4 offers user-invocable skills as prompts with $ARGUMENTS filled in', async () => {
    await writeSkill(folders.project, 'greet', { body: 'Greet $0 warmly. All: $ARGUMENTS' });
    await writeSkill(folders.project, 'hidden', { fields: 'user-invocable: false\n' });
    await writeSkill(folders.project, 'manual', {
      fields: 'disable-model-invocation: true\n',
      body: 'By hand: $ARGUMENTS',
    });
    const { client } = await connect();
    const prompts = await client.listPrompts();
    expect(prompts.prompts.map((prompt) => prompt.name)).toEqual(['greet', 'manual']);
    const greet = await client.getPrompt({ name: 'greet', arguments: { arguments: 'Ada "and Bob"' } });
    expect(greet.messages[0]?.content).toEqual({
      type: 'text',
      text: 'Greet Ada warmly. All: Ada "and Bob"\n',
    });
    await expect(client.getPrompt({ name: 'hidden', arguments: {} })).rejects.toThrow(
      /user-invocable: false/,
    );
    // disable-model-invocation: not in the catalog and refused to the model, but still a prompt.
    expect(client.getInstructions() ?? '').not.toContain('manual');
    const refused = await client.callTool({ name: 'activate_skill', arguments: { name: 'manual' } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('disable-model-invocation');
    const manual = await client.getPrompt({ name: 'manual', arguments: { arguments: 'now' } });
    expect(manual.messages[0]?.content).toEqual({ type: 'text', text: 'By hand: now\n' });
  });

  it('D2 an untrusted workspace serves no project skills, as an agent session, and says why', async () => {
    await writeSkill(folders.project, 'project-skill');
    await writeSkill(folders.home, 'personal-skill');
    const untrusted = await connect({ trust: false });
    expect(untrusted.server.trusted).toBe(false);
    expect(untrusted.server.notices.map((notice) => notice.code)).toEqual(['workspace_untrusted']);
    const names = (await untrusted.client.listResources()).resources.map((resource) => resource.uri);
    expect(names).toContain('skill://personal-skill/SKILL.md');
    expect(names).not.toContain('skill://project-skill/SKILL.md');
    const refused = await untrusted.client.callTool({
      name: 'activate_skill',
      arguments: { name: 'project-skill' },
    });
    expect(textOf(refused)).toContain('There is no skill named "project-skill"');
    expect((await untrusted.client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual([
      'personal-skill',
    ]);
    const trusted = await connect({ trust: true });
    expect((await trusted.client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual([
      'personal-skill',
      'project-skill',
    ]);
  });

  it('I3 answers a malformed tool call as a result, not a crash', async () => {
    await writeSkill(folders.project, 'x');
    const { client } = await connect();
    const bad = await client.callTool({ name: 'activate_skill', arguments: { nom: 1 } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain('activate_skill needs');
    const missing = await client.callTool({ name: 'rm_rf', arguments: {} });
    expect(missing.isError).toBe(true);
    expect((await client.listTools()).tools).toHaveLength(1);
  });
});

describe('D7 R7 skills changing on disk while clients are connected', () => {
  it('D7 a new skill updates the catalog resource, sends resources/list_changed, and R7 tells the model', async () => {
    await writeSkill(folders.project, 'first');
    const connected = await connectClient({
      roots: { cwd: folders.project, home: folders.home, env: {}, trust: true, debounceMilliseconds: 20 },
    });
    open.push(connected);
    const { client } = connected;
    const instructions = client.getInstructions();
    const changed = connected.next('notifications/resources/list_changed');
    const promptsChanged = connected.next('notifications/prompts/list_changed');
    await writeSkill(folders.project, 'second', { description: 'Arrived later.' });
    await changed;
    await promptsChanged;
    const catalog = await client.readResource({ uri: SKILLS_CATALOG_URI });
    expect((catalog.contents[0] as { text: string }).text).toContain('second');
    expect(connected.received).not.toContain('notifications/tools/list_changed');
    // R1: the instructions and tools stay as they were; R7: the change is appended to the next result.
    expect(client.getInstructions()).toBe(instructions);
    const result = await client.callTool({ name: 'activate_skill', arguments: { name: 'first' } });
    expect(textOf(result)).toContain('New skill available: second — Arrived later.');
  });

  it('R1 read_skill_resource appears once, with tools/list_changed, when the first skill with files arrives', async () => {
    await writeSkill(folders.project, 'plain');
    const connected = await connectClient({
      roots: { cwd: folders.project, home: folders.home, env: {}, trust: true, debounceMilliseconds: 20 },
    });
    open.push(connected);
    const { client } = connected;
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['activate_skill']);
    const toolsChanged = connected.next('notifications/tools/list_changed');
    await writeSkill(folders.project, 'with-files', { files: { 'notes.md': 'Some notes.' } });
    await toolsChanged;
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'activate_skill',
      'read_skill_resource',
    ]);
    const read = await client.callTool({
      name: 'read_skill_resource',
      arguments: { path: '/.skills/with-files/notes.md' },
    });
    expect(textOf(read)).toContain('Some notes.');
  });
});
