import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentEvent } from '@skilldock/agent/loop';
import { createReadFileTool } from '@skilldock/agent/tools';
import { createSkillSession, type SkillSession, type UsageEvent } from '@skilldock/core/runtime';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_CASES } from '../model/protocol-cases.js';
import { type LoopSetup, startLoop, temporaryProject, testTool } from './loop-harness.js';
import { discoverCatalog, writeBaseSkills, writeSkill } from './skill-project.js';

let project: Awaited<ReturnType<typeof temporaryProject>>;
let setup: LoopSetup | undefined;
beforeEach(async () => {
  project = await temporaryProject();
  await writeBaseSkills(project.root);
  await writeSkill(
    project.root,
    'pdf-tools',
    'name: pdf-tools\ndescription: Work with PDF files.',
    'Extract text first; see references/extract.md.',
  );
  const references = path.join(project.root, '.agents', 'skills', 'pdf-tools', 'references');
  await mkdir(references, { recursive: true });
  await writeFile(path.join(references, 'extract.md'), 'Use pdftotext -layout.\n');
});
afterEach(async () => {
  await setup?.server.close();
  setup = undefined;
  await project.remove();
});

const ofType = <Type extends AgentEvent['type']>(events: readonly AgentEvent[], type: Type) =>
  events.filter((event): event is Extract<AgentEvent, { type: Type }> => event.type === type);
const read = (filePath: string) => ({ name: 'read_file', arguments: { path: filePath } });

describe.each(PROTOCOL_CASES)('skill virtual paths in read tools over $protocol', (protocolCase) => {
  let usage: UsageEvent[];
  async function session(): Promise<SkillSession> {
    usage = [];
    return createSkillSession({
      catalog: await discoverCatalog(project.root),
      onUsage: (event) => usage.push(event),
    });
  }
  const resultsOf = (index: number) => protocolCase.toolResultsOf(setup?.server.requests[index]?.body);

  it('R4 R5 read_file of /.skills/<id>/SKILL.md activates the skill with an event and returns the instructions; R1 prefixes stay identical', async () => {
    const skillSession = await session();
    setup = await startLoop(
      protocolCase,
      [
        { toolCalls: [read('/.skills/pdf-tools/references/extract.md')] },
        { toolCalls: [read('/.skills/pdf-tools/SKILL.md')] },
        { toolCalls: [read('/.skills/no-such-skill/SKILL.md')] },
        { text: 'Read them.' },
      ],
      {
        cwd: project.root,
        tools: [createReadFileTool()],
        skillSession,
        systemPrompt: 'You are careful.',
      },
    );
    const { events, result } = await setup.run({ prompt: 'Extract the text of a.pdf' });
    expect(result.status).toBe('completed');

    const [reference, instructions, unknown] = resultsOf(3);
    expect(reference?.content).toBe('Use pdftotext -layout.\n');
    expect(instructions?.content).toContain('Extract text first; see references/extract.md.');
    expect(unknown?.content).toBe(
      'Cannot read /.skills/no-such-skill/SKILL.md: There is no skill named no-such-skill.',
    );
    if (protocolCase.protocol === 'anthropic') expect(unknown?.isError).toBe(true);

    expect(ofType(events, 'skill-activate')).toEqual([
      { type: 'skill-activate', skillId: 'pdf-tools', trigger: 'file-read' },
    ]);
    // The activation is reported just before the call that caused it ends.
    const activation = events.findIndex((event) => event.type === 'skill-activate');
    expect(events[activation + 1]).toMatchObject({ type: 'tool-call-end', turn: 2, outcome: 'done' });
    expect(ofType(events, 'tool-call-end').map((event) => event.outcome)).toEqual(['done', 'done', 'failed']);
    expect(skillSession.activeSkillIds()).toEqual(['pdf-tools']);
    expect(usage).toEqual([
      expect.objectContaining({ skillId: 'pdf-tools', outcome: 'activated', trigger: 'file-read' }),
    ]);

    // R1: the real read_file declaration, unchanged, on every request.
    const declared = (setup.server.requests[0]?.body as { tools?: unknown[] } | undefined)?.tools?.[0];
    expect(JSON.stringify(declared)).toContain(createReadFileTool().description);
    const prefixes = setup.server.requests.map((request) => {
      const body = request.body as Record<string, unknown>;
      return JSON.stringify([protocolCase.systemOf(body), body.tools]);
    });
    expect(prefixes).toHaveLength(4);
    expect(new Set(prefixes).size).toBe(1);
  });

  it('R4 read_file of a supporting file neither activates its skill nor reports an event', async () => {
    const skillSession = await session();
    setup = await startLoop(
      protocolCase,
      [{ toolCalls: [read('/.skills/pdf-tools/references/extract.md')] }, { text: 'ok' }],
      { cwd: project.root, tools: [createReadFileTool()], skillSession },
    );
    const { events } = await setup.run({ prompt: 'Read the reference' });
    expect(resultsOf(1)[0]?.content).toBe('Use pdftotext -layout.\n');
    expect(ofType(events, 'skill-activate')).toEqual([]);
    expect(skillSession.activeSkillIds()).toEqual([]);
  });

  it('R4 a traversal through a virtual path is refused and reads nothing', async () => {
    await writeFile(path.join(project.root, 'secret.txt'), 'top secret\n');
    setup = await startLoop(
      protocolCase,
      [{ toolCalls: [read('/.skills/pdf-tools/../../../../secret.txt')] }, { text: 'ok' }],
      { cwd: project.root, tools: [createReadFileTool()], skillSession: await session() },
    );
    const { events } = await setup.run({ prompt: 'Read it' });
    const [refusal] = resultsOf(1);
    expect(refusal?.content).toContain('may not contain "." or ".." segments');
    expect(refusal?.content).not.toContain('top secret');
    expect(ofType(events, 'tool-call-end')[0]?.outcome).toBe('failed');
  });

  it('R5 one SKILL.md read twice in one turn, virtually and for real, is one activation event', async () => {
    setup = await startLoop(
      protocolCase,
      [
        {
          toolCalls: [
            read('/.skills/release-notes/SKILL.md'),
            read('.agents/skills/release-notes/SKILL.md'),
            read('/.skills/release-notes/SKILL.md'),
          ],
        },
        { text: 'ok' },
      ],
      { cwd: project.root, tools: [createReadFileTool()], skillSession: await session() },
    );
    const { events } = await setup.run({ prompt: 'Read the release notes skill' });
    expect(ofType(events, 'skill-activate')).toEqual([
      { type: 'skill-activate', skillId: 'release-notes', trigger: 'file-read' },
    ]);
    expect(resultsOf(1).map((result) => result.content)).toEqual([
      expect.stringContaining('Group changes under Added, Changed and Fixed.'),
      expect.stringContaining('Group changes under Added, Changed and Fixed.'),
      expect.stringContaining('Group changes under Added, Changed and Fixed.'),
    ]);
    expect(usage.filter((event) => event.outcome === 'activated')).toHaveLength(1);
  });

  it('R5 read_skill_resource of a SKILL.md activates the skill with trigger file-read', async () => {
    setup = await startLoop(
      protocolCase,
      [
        { toolCalls: [{ name: 'read_skill_resource', arguments: { path: '/.skills/charts/SKILL.md' } }] },
        { text: 'ok' },
      ],
      { cwd: project.root, tools: [], skillSession: await session() },
    );
    const { events } = await setup.run({ prompt: 'Charts' });
    expect(resultsOf(1)[0]?.content).toContain('Label both axes and give units.');
    expect(ofType(events, 'skill-activate')).toEqual([
      { type: 'skill-activate', skillId: 'charts', trigger: 'file-read' },
    ]);
  });

  it('D3 R4 a virtual read of a path-gated skill still hidden is refused and activates nothing', async () => {
    const skillSession = await session();
    setup = await startLoop(
      protocolCase,
      [{ toolCalls: [read('/.skills/sql-style/SKILL.md')] }, { text: 'ok' }],
      { cwd: project.root, tools: [createReadFileTool()], skillSession },
    );
    const { events } = await setup.run({ prompt: 'Style?' });
    const [refusal] = resultsOf(1);
    expect(refusal?.content).toMatch(/^Cannot read \/\.skills\/sql-style\/SKILL\.md: /);
    expect(refusal?.content).not.toContain('Upper-case keywords');
    expect(ofType(events, 'skill-activate')).toEqual([]);
    expect(skillSession.isActive('sql-style')).toBe(false);
  });

  it('R4 skillReadTools routes another read tool through the session; [] leaves read_file to itself', async () => {
    const viewed: unknown[] = [];
    const view = testTool('view', 'read', async (input) => {
      viewed.push(input);
      return { content: 'the view tool ran', isError: false };
    });
    setup = await startLoop(
      protocolCase,
      [
        {
          toolCalls: [
            { name: 'view', arguments: { path: '/.skills/charts/SKILL.md' } },
            read('/.skills/charts/SKILL.md'),
          ],
        },
        { text: 'ok' },
      ],
      {
        cwd: project.root,
        tools: [createReadFileTool(), view],
        skillSession: await session(),
        skillReadTools: ['view'],
      },
    );
    const { events } = await setup.run({ prompt: 'Charts' });
    const [viaView, viaReadFile] = resultsOf(1);
    expect(viaView?.content).toContain('Label both axes and give units.');
    expect(viewed).toEqual([]);
    expect(viaReadFile?.content).toBe(
      "/.skills/charts/SKILL.md is a skill's virtual path; it can be read only in a run with skills, where the skill session answers it.",
    );
    expect(ofType(events, 'skill-activate')).toEqual([
      { type: 'skill-activate', skillId: 'charts', trigger: 'file-read' },
    ]);
  });
});
