import { afterEach, describe, expect, it } from 'vitest';
import { buildCatalog } from '../../src/catalog/build-catalog.js';
import { defineSkill } from '../../src/format/define-skill.js';
import { createSkillSession } from '../../src/runtime/create-skill-session.js';
import { VERCEL_AI_SCHEMA_SYMBOL } from '../../src/runtime/provider-tool-shapes.js';
import { MAX_TOOL_ARGUMENT_CHARACTERS } from '../../src/runtime/tool-declarations.js';
import { copyRuntimeProject, type RuntimeProject } from './runtime-project.js';

let project: RuntimeProject | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

const plain = defineSkill({ name: 'greet', description: 'Greet people.', instructions: 'Say hello.' });

describe('tool declarations', () => {
  it('R1 declares only activate_skill when no skill has supporting files', async () => {
    const session = await createSkillSession({ catalog: buildCatalog([plain]) });
    expect(session.tools.map((tool) => tool.name)).toEqual(['activate_skill']);
    expect(session.tools[0]?.inputSchema).toEqual({
      type: 'object',
      properties: { name: { type: 'string', description: expect.any(String) } },
      required: ['name'],
      additionalProperties: false,
    });
  });

  it('R1 adds read_skill_resource {path, offset?, limit?, byte_offset?} when some skill has supporting files', async () => {
    project = await copyRuntimeProject();
    const session = await createSkillSession({ catalog: await project.catalog() });
    expect(session.tools.map((tool) => tool.name)).toEqual(['activate_skill', 'read_skill_resource']);
    const schema = session.tools[1]?.inputSchema as { properties: object; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(['path', 'offset', 'limit', 'byte_offset']);
    expect(schema.required).toEqual(['path']);
  });

  it('R1 freezes the declarations so nobody can change them mid-session', async () => {
    const session = await createSkillSession({ catalog: buildCatalog([plain]) });
    expect(Object.isFrozen(session.tools)).toBe(true);
    expect(() => {
      (session.tools[0] as { description: string }).description = 'changed';
    }).toThrow(TypeError);
  });

  it('I4 gives Chat Completions, Messages API and AI SDK shapes of the same declarations', async () => {
    project = await copyRuntimeProject();
    const session = await createSkillSession({ catalog: await project.catalog() });
    const [declaration] = session.tools;
    expect(session.toOpenAITools()[0]).toEqual({
      type: 'function',
      function: {
        name: 'activate_skill',
        description: declaration?.description,
        parameters: declaration?.inputSchema,
      },
    });
    expect(session.toAnthropicTools()[1]).toEqual({
      name: 'read_skill_resource',
      description: session.tools[1]?.description,
      input_schema: session.tools[1]?.inputSchema,
    });
    const vercel = session.toVercelAITools();
    expect(Object.keys(vercel)).toEqual(['activate_skill', 'read_skill_resource']);
    const activate = vercel.activate_skill!;
    expect(activate.inputSchema[VERCEL_AI_SCHEMA_SYMBOL]).toBe(true);
    expect(Symbol.for('vercel.ai.schema') in activate.inputSchema).toBe(true);
    expect(activate.inputSchema.jsonSchema).toBe(declaration?.inputSchema);
    expect(activate.inputSchema.validate({ name: 'x' })).toEqual({ success: true, value: { name: 'x' } });
    const reply = await activate.execute({ name: 'charts' });
    expect(reply.isError).toBe(false);
    expect(reply.content).toContain('Label both axes');
    expect(session.isActive('charts')).toBe(true);
    // ai 6 passes { toolCallId, input, output }, ai 5 the output itself; a refusal is error text.
    expect(activate.toModelOutput({ toolCallId: 'c', input: {}, output: reply })).toEqual({
      type: 'text',
      value: reply.content,
    });
    const refusal = await activate.execute({ name: 42 });
    expect(activate.toModelOutput(refusal)).toEqual({ type: 'error-text', value: refusal.content });
  });

  it('SEC4 refuses an id or path longer than 4096 characters without echoing it back', async () => {
    project = await copyRuntimeProject();
    const session = await createSkillSession({ catalog: await project.catalog() });
    const huge = `/.skills/charts/${'x'.repeat(MAX_TOOL_ARGUMENT_CHARACTERS)}`;
    const read = await session.handleToolCall('read_skill_resource', { path: huge });
    expect(read).toEqual({
      isError: true,
      content:
        'The path argument of read_skill_resource is longer than 4096 characters; no skill id or path is that long.',
    });
    const activate = await session.handleToolCall(
      'activate_skill',
      JSON.stringify({ name: 'y'.repeat(5000) }),
    );
    expect(activate.content).toMatch(/^The name argument of activate_skill is longer than 4096/);
    // Under the limit, the path is checked as usual: a name longer than a file system allows is
    // refused before the disk is asked (whose error would quote the real folder).
    const longName = `/.skills/charts/${'x'.repeat(256)}.md`;
    expect(await session.handleToolCall('read_skill_resource', { path: longName })).toEqual({
      isError: true,
      content: `Cannot read ${longName}: A file or folder name in the path is longer than 255 bytes.`,
    });
    const deep = `/.skills/charts/${'ab/'.repeat(1300)}x.md`;
    const missing = await session.handleToolCall('read_skill_resource', { path: deep });
    expect(missing.isError).toBe(true);
    expect(missing.content).not.toContain(project.root);
  });

  it('I4 handles arguments sent as JSON text and reports bad arguments as a result, not a throw', async () => {
    const session = await createSkillSession({ catalog: buildCatalog([plain]) });
    const fromText = await session.handleToolCall('activate_skill', '{"name":"greet"}');
    expect(fromText.isError).toBe(false);
    expect(fromText.content).toContain('Say hello.');
    expect(await session.handleToolCall('activate_skill', '{not json')).toMatchObject({ isError: true });
    expect(await session.handleToolCall('activate_skill', { name: 42 })).toMatchObject({ isError: true });
    expect(await session.handleToolCall('read_skill_resource', { path: '/.skills/greet/x' })).toEqual({
      isError: true,
      content: 'The skill session has no tool named read_skill_resource.',
    });
  });
});
