import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildCatalog } from '../../src/catalog/build-catalog.js';
import type { CatalogSnapshot } from '../../src/catalog/types.js';
import { discoverSkills } from '../../src/discover/discover-skills.js';
import { createSkillSession } from '../../src/runtime/create-skill-session.js';
import type { SkillSession } from '../../src/runtime/skill-session.js';
import { copyRuntimeProject, type RuntimeProject } from './runtime-project.js';

interface Message {
  readonly role: 'system' | 'user' | 'assistant' | 'tool';
  readonly content: string;
}

/** A host tool the agent declares besides the session's (stable mode: always declared). */
const HOST_TOOLS = ['read_file', 'shell', 'render_chart', 'mcp__github__list_issues'].map((name) => ({
  type: 'function' as const,
  function: { name, description: `Host tool ${name}.`, parameters: { type: 'object', properties: {} } },
}));

let project: RuntimeProject;
let home: string;
beforeEach(async () => {
  project = await copyRuntimeProject();
  home = await mkdtemp(path.join(tmpdir(), 'skilldock-home-'));
});
afterEach(async () => {
  await project.remove();
  await rm(home, { recursive: true, force: true });
});

let version = 0;
async function discoverCatalog(): Promise<CatalogSnapshot> {
  version += 1;
  const discovery = await discoverSkills({ projectRoot: project.root, homeDirectory: home, trusted: true });
  return buildCatalog(discovery.skills, {
    projectRoot: project.root,
    version,
    diagnostics: discovery.diagnostics,
  });
}

/** The part of a request a provider caches: system prompt plus tool declarations, as sent. */
function cachedPrefix(session: SkillSession): string {
  const system = `You are a coding agent.\n\n${session.systemPromptSection}`;
  const tools = [...HOST_TOOLS, ...session.toOpenAITools()];
  return JSON.stringify({ system, tools, anthropic: session.toAnthropicTools() });
}

describe('prefix stability', () => {
  it('R1 prefix test: 30 turns with activations, gates, edits, additions and a removal keep the prefix byte-identical', async () => {
    const session = await createSkillSession({ catalog: await discoverCatalog(), mode: 'stable' });
    const firstPrefix = cachedPrefix(session);
    expect(firstPrefix).toContain('pdf-forms');
    expect(firstPrefix).toContain('read_skill_resource');
    const transcript: Message[] = [];
    const signalsSeen: string[] = [];
    let previousTranscript: readonly Message[] = [];

    const call = async (name: string, args: Record<string, unknown>) => {
      transcript.push({ role: 'assistant', content: `${name} ${JSON.stringify(args)}` });
      const result = await session.handleToolCall(name, args);
      transcript.push({ role: 'tool', content: result.content });
      return result;
    };
    const refresh = async () => session.updateCatalog(await discoverCatalog());

    const script: Record<number, () => Promise<void>> = {
      2: async () => {
        expect((await call('activate_skill', { name: 'charts' })).content).toContain('Label both axes');
      },
      4: async () => {
        expect((await call('activate_skill', { name: 'pdf-forms' })).content).toContain('fill_form.py');
      },
      5: async () => {
        const read = await call('read_skill_resource', { path: '/.skills/pdf-forms/references/FIELDS.md' });
        expect(read.content).toContain('Checkboxes');
      },
      6: async () => {
        expect(session.canExecuteTool('mcp__github__list_issues').allowed).toBe(false);
        await call('activate_skill', { name: 'github-triage' });
        expect(session.canExecuteTool('mcp__github__list_issues').allowed).toBe(true);
      },
      8: async () => {
        expect((await call('activate_skill', { name: 'house-style' })).content).toContain('British spelling');
      },
      10: async () => {
        expect(session.filesTouched([path.join(project.root, 'db/migrations/2025/003_users.sql')])).toEqual([
          'sql-style',
        ]);
      },
      11: async () => {
        expect((await call('activate_skill', { name: 'sql-style' })).isError).toBe(false);
      },
      13: async () => {
        expect(session.filesTouched(['src/api/orders.ts', '../outside/src/api/x.ts'])).toEqual([
          'api-conventions',
        ]);
      },
      14: async () => {
        expect((await call('activate_skill', { name: 'api-conventions' })).content).toContain('problem+json');
      },
      16: async () => {
        await project.writeSkill(
          'charts',
          'name: charts\ndescription: Draw bar and line charts as SVG.\ntool_dependencies: [render_chart]',
          'Start every axis at zero.\n',
        );
        await refresh();
      },
      17: async () => {
        expect((await call('activate_skill', { name: 'charts' })).content).toContain(
          'Start every axis at zero.',
        );
      },
      19: async () => {
        await project.writeSkill(
          'changelog',
          'name: changelog\ndescription: Write changelog entries.',
          'Use Keep a Changelog.\n',
        );
        await project.writeSkill(
          'incident-runbook',
          'name: incident-runbook\ndescription: Run the incident procedure.',
          'Page the on-call first.\n',
        );
        await refresh();
      },
      21: async () => {
        expect((await call('activate_skill', { name: 'changelog' })).content).toContain('Keep a Changelog');
      },
      23: async () => {
        await rm(path.join(project.skillsDirectory, 'github-triage'), { recursive: true });
        await refresh();
      },
      24: async () => {
        const gone = await call('activate_skill', { name: 'github-triage' });
        expect(gone.content).toContain('There is no skill named "github-triage"');
        expect(gone.content).toContain('- incident-runbook: Run the incident procedure.');
      },
      27: async () => {
        expect((await call('activate_skill', { name: 'incident-runbook' })).content).toContain(
          'Page the on-call',
        );
      },
    };

    for (let turn = 1; turn <= 30; turn += 1) {
      transcript.push({ role: 'user', content: `turn ${turn}` });
      await script[turn]?.();
      for (const signal of session.drainSignals()) {
        signalsSeen.push(signal);
        transcript.push({ role: 'user', content: `<system-reminder>${signal}</system-reminder>` });
      }
      // The request of this turn: the cached prefix never changes; the history only grows at its end.
      expect(cachedPrefix(session), `turn ${turn}`).toBe(firstPrefix);
      expect(transcript.slice(0, previousTranscript.length)).toEqual(previousTranscript);
      previousTranscript = [...transcript];
    }

    expect(signalsSeen).toEqual([
      'New skill available: sql-style — House style for SQL migrations. Use when writing or reviewing a migration.',
      'New skill available: api-conventions — REST conventions for the HTTP handlers in src/api.',
      'The skill charts was updated. Call activate_skill again to load its new instructions. Description: Draw bar and line charts as SVG.',
      'New skill available: changelog — Write changelog entries.',
      'New skill available: incident-runbook — Run the incident procedure.',
      'The skill github-triage is no longer available.',
    ]);
    expect(session.systemPromptSection).not.toContain('changelog');
    expect(session.systemPromptSection).toContain('github-triage');
    expect(session.activeSkillIds()).toEqual([
      'api-conventions',
      'changelog',
      'charts',
      'house-style',
      'incident-runbook',
      'pdf-forms',
      'sql-style',
    ]);
  });
});
