import path from 'node:path';
import type { AgentEvent } from '@skilldock/agent/loop';
import { createSkillSession, type SkillSession } from '@skilldock/core/runtime';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_CASES } from '../model/protocol-cases.js';
import { type LoopSetup, reportingReadTool, startLoop, temporaryProject, testTool } from './loop-harness.js';
import { BASE_SKILLS, discoverCatalog, writeBaseSkills, writeSkill } from './skill-project.js';

let project: Awaited<ReturnType<typeof temporaryProject>>;
let setup: LoopSetup | undefined;
beforeEach(async () => {
  project = await temporaryProject();
  await writeBaseSkills(project.root);
});
afterEach(async () => {
  await setup?.server.close();
  setup = undefined;
  await project.remove();
});

const BASE_PROMPT = 'You are a careful assistant.';
const ofType = <Type extends AgentEvent['type']>(events: readonly AgentEvent[], type: Type) =>
  events.filter((event): event is Extract<AgentEvent, { type: Type }> => event.type === type);

describe.each(PROTOCOL_CASES)('skills in the loop over $protocol', (protocolCase) => {
  async function sessionFor(
    mode: 'stable' | 'progressive' = 'stable',
    preload: string[] = [],
  ): Promise<SkillSession> {
    return createSkillSession({ catalog: await discoverCatalog(project.root), mode, preload });
  }

  it('R1 the system prompt is the base prompt plus the catalog; gated skills are not in it', async () => {
    const session = await sessionFor();
    setup = await startLoop(protocolCase, [{ text: 'ok' }], {
      cwd: project.root,
      tools: [reportingReadTool(project.root)],
      skillSession: session,
      systemPrompt: BASE_PROMPT,
    });
    await setup.run({ prompt: 'Hi' });
    const system = protocolCase.systemOf(setup.server.requests[0]?.body);
    expect(system).toBe(`${BASE_PROMPT}\n\n${session.systemPromptSection}`);
    expect(system).toContain('release-notes');
    expect(system).toContain('Draw bar and line charts as SVG.');
    expect(system).not.toContain('sql-style');
    expect(protocolCase.toolNamesOf(setup.server.requests[0]?.body)).toEqual(['read_file', 'activate_skill']);
  });

  it('R2 activate_skill puts the instructions in the tool result of the next request', async () => {
    setup = await startLoop(
      protocolCase,
      [
        { toolCalls: [{ name: 'activate_skill', arguments: { name: 'release-notes' } }] },
        { text: 'Following them.' },
      ],
      { cwd: project.root, tools: [], skillSession: await sessionFor() },
    );
    const { events } = await setup.run({ prompt: 'Prepare the release' });
    const [result] = protocolCase.toolResultsOf(setup.server.requests[1]?.body);
    expect(result?.content).toContain('Group changes under Added, Changed and Fixed.');
    expect(result?.isError).toBe(false);
    expect(ofType(events, 'skill-activate')).toEqual([
      { type: 'skill-activate', skillId: 'release-notes', trigger: 'model' },
    ]);
  });

  it('R2 an unknown name is a done call whose answer lists the skills; its notice reaches the event, scrubbed of secrets', async () => {
    const secret = 'sk-live-0123456789abcdef';
    setup = await startLoop(
      protocolCase,
      [
        { toolCalls: [{ name: 'activate_skill', arguments: { name: `pdf-${secret}` } }] },
        { text: 'No such skill.' },
      ],
      {
        cwd: project.root,
        tools: [],
        skillSession: await sessionFor(),
        secrets: new Map([['TOKEN', secret]]),
      },
    );
    const { events } = await setup.run({ prompt: 'Use the pdf skill' });
    const [sent] = protocolCase.toolResultsOf(setup.server.requests[1]?.body);
    expect(sent?.isError).toBe(false);
    expect(sent?.content).toContain('Available skills:\n- charts: Draw bar and line charts as SVG.');
    const [end] = ofType(events, 'tool-call-end');
    expect(end?.outcome).toBe('done');
    expect(end?.result.notice).toBe(
      'There is no skill named "pdf-[redacted:TOKEN]"; the answer lists the available skills.',
    );
    expect(ofType(events, 'skill-activate')).toEqual([]);
    // The model's own call still holds what it sent; what the tools gave back never does.
    expect(JSON.stringify(end?.result)).not.toContain(secret);
  });

  it('D3 editing a skill file mid-session refreshes the catalog, which resets path-gate activation (seed 000)', async () => {
    // Seed 000: "编辑任何技能文件触发的 refreshCache 会重置激活".
    const session = await sessionFor();
    let snapshot = session.catalog;
    const editSkill = testTool('edit_skill', 'edit', async () => {
      await writeSkill(project.root, 'release-notes', BASE_SKILLS['release-notes']!, 'Edited steps.');
      snapshot = await discoverCatalog(project.root, snapshot.version + 1);
      return { content: 'edited', isError: false };
    });
    setup = await startLoop(
      protocolCase,
      [
        { toolCalls: [{ name: 'read_file', arguments: { path: 'db/001_init.sql' } }] },
        { toolCalls: [{ name: 'edit_skill', arguments: {} }] },
        { toolCalls: [{ name: 'activate_skill', arguments: { name: 'sql-style' } }] },
        { toolCalls: [{ name: 'read_file', arguments: { path: 'db/001_init.sql' } }] },
        { text: 'Done.' },
      ],
      {
        cwd: project.root,
        tools: [reportingReadTool(project.root), editSkill],
        skillSession: session,
        approvalModes: ['yolo'],
        // As a workspace does: the same snapshot until a skill file changes.
        refreshCatalog: async () => snapshot,
      },
    );
    await setup.run({ prompt: 'Review the migration' });
    const requests = setup.server.requests.map((request) => request.body);
    expect(protocolCase.userTextsOf(requests[1]).at(-1)).toBe(
      'New skill available: sql-style — House style for SQL migrations. Use when writing a migration.',
    );
    expect(protocolCase.userTextsOf(requests[2]).at(-1)).toBe(
      'The skill release-notes was updated. Description: Write release notes in the house format. Use when preparing a release.\n\nThe skill sql-style is no longer available.',
    );
    expect(protocolCase.toolResultsOf(requests[3]).at(-1)?.content).toMatch(/db\/\*\*\/\*\.sql/);
    // Touched again after the refresh: available again.
    expect(protocolCase.userTextsOf(requests[4]).at(-1)).toBe(
      'New skill available: sql-style — House style for SQL migrations. Use when writing a migration.',
    );
  });

  it('D3 a path-gated skill is announced by an appended message after a read of a matching file; R1 prefixes stay identical', async () => {
    const session = await sessionFor();
    setup = await startLoop(
      protocolCase,
      [
        { toolCalls: [{ name: 'read_file', arguments: { path: 'db/001_init.sql' } }] },
        { toolCalls: [{ name: 'activate_skill', arguments: { name: 'sql-style' } }] },
        { text: 'Done.' },
      ],
      {
        cwd: project.root,
        tools: [reportingReadTool(project.root)],
        skillSession: session,
        systemPrompt: BASE_PROMPT,
      },
    );
    const { events, result } = await setup.run({ prompt: 'Review the migration' });
    expect(ofType(events, 'signal-append')).toEqual([
      {
        type: 'signal-append',
        signals: [
          'New skill available: sql-style — House style for SQL migrations. Use when writing a migration.',
        ],
      },
    ]);
    const second = setup.server.requests[1]?.body;
    expect(protocolCase.userTextsOf(second).at(-1)).toBe(
      'New skill available: sql-style — House style for SQL migrations. Use when writing a migration.',
    );
    expect(protocolCase.toolResultsOf(setup.server.requests[2]?.body)[1]?.content).toContain(
      'name every constraint',
    );
    expect(
      result.messages.find((message) => message.role === 'user' && message.origin === 'signal'),
    ).toBeDefined();
    // R1: system prompt and tool declarations are byte-identical on every request.
    const prefixes = setup.server.requests.map((request) => {
      const body = request.body as Record<string, unknown>;
      return JSON.stringify([protocolCase.systemOf(body), body.tools]);
    });
    expect(prefixes).toHaveLength(3);
    expect(new Set(prefixes).size).toBe(1);
  });

  it('R5 reading a SKILL.md through read_file activates that skill', async () => {
    setup = await startLoop(
      protocolCase,
      [
        { toolCalls: [{ name: 'read_file', arguments: { path: '.agents/skills/charts/SKILL.md' } }] },
        { text: 'ok' },
      ],
      { cwd: project.root, tools: [reportingReadTool(project.root)], skillSession: await sessionFor() },
    );
    const { events } = await setup.run({ prompt: 'Read the charts skill' });
    expect(ofType(events, 'skill-activate')).toEqual([
      { type: 'skill-activate', skillId: 'charts', trigger: 'file-read' },
    ]);
  });

  it('R6 a dependency tool of an inactive skill is refused with the reason, and runs once the skill is active', async () => {
    const rendered: unknown[] = [];
    const renderChart = testTool('render_chart', 'read', async (input) => {
      rendered.push(input);
      return { content: '<svg/>', isError: false };
    });
    setup = await startLoop(
      protocolCase,
      [
        { toolCalls: [{ name: 'render_chart', arguments: {} }] },
        { toolCalls: [{ name: 'activate_skill', arguments: { name: 'charts' } }] },
        { toolCalls: [{ name: 'render_chart', arguments: {} }] },
        { text: 'Here is the chart.' },
      ],
      { cwd: project.root, tools: [renderChart], skillSession: await sessionFor() },
    );
    const { events } = await setup.run({ prompt: 'Chart it' });
    expect(protocolCase.toolResultsOf(setup.server.requests[1]?.body)[0]).toMatchObject({
      content:
        'The tool render_chart can only be used while the skill charts is active. Call activate_skill first.',
    });
    expect(ofType(events, 'tool-call-end').map((event) => [event.toolCall.name, event.outcome])).toEqual([
      ['render_chart', 'refused'],
      ['activate_skill', 'done'],
      ['render_chart', 'done'],
    ]);
    expect(rendered).toHaveLength(1);
  });

  it('R6 progressive mode leaves a dependency tool out until its skill is active', async () => {
    setup = await startLoop(
      protocolCase,
      [{ toolCalls: [{ name: 'activate_skill', arguments: { name: 'charts' } }] }, { text: 'ok' }],
      {
        cwd: project.root,
        tools: [testTool('render_chart', 'read')],
        skillSession: await sessionFor('progressive'),
      },
    );
    await setup.run({ prompt: 'Chart it' });
    expect(setup.server.requests.map((request) => protocolCase.toolNamesOf(request.body))).toEqual([
      ['activate_skill'],
      ['render_chart', 'activate_skill'],
    ]);
  });

  it('R7 a catalog update mid-run reaches the model as an appended message, never in the system prompt', async () => {
    const session = await sessionFor();
    const refresh = testTool('refresh', 'read', async () => {
      await writeSkill(
        project.root,
        'deploy-checklist',
        'name: deploy-checklist\ndescription: Steps before a deploy.',
        'Check the dashboards.',
      );
      session.updateCatalog(await discoverCatalog(project.root, 2));
      return { content: 'refreshed', isError: false };
    });
    setup = await startLoop(
      protocolCase,
      [{ toolCalls: [{ name: 'refresh', arguments: {} }] }, { text: 'ok' }],
      {
        cwd: project.root,
        tools: [refresh],
        skillSession: session,
        systemPrompt: BASE_PROMPT,
      },
    );
    await setup.run({ prompt: 'Refresh' });
    const [first, second] = setup.server.requests.map((request) => request.body);
    expect(protocolCase.userTextsOf(second).at(-1)).toBe(
      'New skill available: deploy-checklist — Steps before a deploy.',
    );
    expect(protocolCase.systemOf(second)).toBe(protocolCase.systemOf(first));
    expect(protocolCase.systemOf(second)).not.toContain('deploy-checklist');
  });

  it('R8 a preloaded skill is active from the first turn: its dependency tool runs at once', async () => {
    setup = await startLoop(
      protocolCase,
      [{ toolCalls: [{ name: 'render_chart', arguments: {} }] }, { text: 'ok' }],
      {
        cwd: project.root,
        tools: [testTool('render_chart', 'read')],
        skillSession: await sessionFor('stable', ['charts']),
      },
    );
    await setup.run({ prompt: 'Chart it' });
    expect(protocolCase.systemOf(setup.server.requests[0]?.body)).toContain(
      'Label both axes and give units.',
    );
    expect(protocolCase.toolResultsOf(setup.server.requests[1]?.body)[0]?.content).toBe('render_chart done');
  });

  it('R4 the context gives tools the skill folders as read-only roots', async () => {
    let roots: readonly string[] = [];
    const probe = testTool('probe', 'read', async (_input, context) => {
      roots = context.readOnlyRoots;
      return { content: 'ok', isError: false };
    });
    setup = await startLoop(
      protocolCase,
      [{ toolCalls: [{ name: 'probe', arguments: {} }] }, { text: 'ok' }],
      {
        cwd: project.root,
        tools: [probe],
        skillSession: await sessionFor(),
      },
    );
    await setup.run({ prompt: 'Probe' });
    expect([...roots].sort()).toEqual(
      ['charts', 'release-notes', 'sql-style'].map((id) => path.join(project.root, '.agents', 'skills', id)),
    );
  });
});
