import { MAX_MODEL_SELECTOR_LENGTH, MODEL_SELECTOR_PATTERN } from '@skilldock/server/testing';
import { describe, expect, it } from 'vitest';
import {
  type AgentFormValues,
  agentPatch,
  effectivePreloads,
  formFromAgent,
  MODEL_SELECTOR,
  modelProblem,
  preloadable,
  saveProblems,
  toolSuggestions,
} from '../../src/agents/agent-form.js';
import { ApiError } from '../../src/api/api-error.js';
import { sampleAgent } from './sample-agent.js';

const agent = sampleAgent({ skills: ['glossary', 'style'], preloadSkills: ['style'] });

describe('the agent configuration form', () => {
  it('Y8 reads skills as all, a pick or none', () => {
    expect(formFromAgent(agent).skillsMode).toBe('pick');
    expect(formFromAgent({ ...agent, skills: 'all' })).toMatchObject({ skillsMode: 'all', skills: [] });
    expect(formFromAgent({ ...agent, skills: [], preloadSkills: [] }).skillsMode).toBe('none');
  });

  it('W3 an untouched form saves nothing; a change sends only its field', () => {
    const initial = formFromAgent(agent);
    expect(agentPatch(initial, initial)).toEqual({});
    expect(agentPatch(initial, { ...initial, systemPrompt: 'Be thorough.' })).toEqual({
      systemPrompt: 'Be thorough.',
    });
    expect(agentPatch(initial, { ...initial, tools: ['read_file', 'grep'] })).toEqual({
      tools: ['read_file', 'grep'],
    });
  });

  it('Y8 switching to "all" or "none" sends the selection, and "none" drops every preload', () => {
    const initial = formFromAgent(agent);
    expect(agentPatch(initial, { ...initial, skillsMode: 'all' })).toEqual({ skills: 'all' });
    expect(agentPatch(initial, { ...initial, skillsMode: 'none' })).toEqual({
      skills: [],
      preloadSkills: [],
    });
    // Switching back to the same pick is no change: the picked list was kept meanwhile.
    const back: AgentFormValues = { ...initial, skillsMode: 'pick' };
    expect(agentPatch(initial, back)).toEqual({});
  });

  it('Y8 a skill dropped from the pick drops its preload (preloads stay a subset)', () => {
    const initial = formFromAgent(agent);
    const dropped = { ...initial, skills: ['glossary'] };
    expect(effectivePreloads(dropped)).toEqual([]);
    expect(agentPatch(initial, dropped)).toEqual({ skills: ['glossary'], preloadSkills: [] });
    expect(preloadable(dropped, ['glossary', 'style', 'other'])).toEqual(['glossary']);
    expect(preloadable({ ...dropped, skillsMode: 'all' }, ['glossary', 'style'])).toEqual([
      'glossary',
      'style',
    ]);
    expect(preloadable({ ...dropped, skillsMode: 'none' }, ['glossary'])).toEqual([]);
  });

  it('issue 26 "preload all" reads from and saves as preloadSkills "all", and back to a list', () => {
    const all = formFromAgent({ ...agent, skills: 'all', preloadSkills: 'all' });
    expect(all).toMatchObject({ skillsMode: 'all', preloadAll: true, preloadSkills: [] });
    expect(agentPatch(all, all)).toEqual({});
    expect(agentPatch(all, { ...all, preloadAll: false, preloadSkills: ['style'] })).toEqual({
      preloadSkills: ['style'],
    });
    const picked = formFromAgent(agent);
    expect(picked.preloadAll).toBe(false);
    expect(agentPatch(picked, { ...picked, preloadAll: true })).toEqual({ preloadSkills: 'all' });
    // "none" selects nothing, so nothing is preloaded, whatever the box said.
    expect(agentPatch(all, { ...all, skillsMode: 'none' })).toEqual({ skills: [], preloadSkills: [] });
  });

  it('G1 checks the model selector as the server does', () => {
    for (const good of ['inherit', 'fast', 'gpt-4.1', 'openai-main:gpt-4.1', 'qwen3:32b', 'org/model@v1'])
      expect(modelProblem(good), good).toBeNull();
    expect(modelProblem('')).toBe('empty');
    expect(modelProblem('  ')).toBe('empty');
    for (const bad of ['not a model!', ':leading', '-dash', 'x'.repeat(201), 'a\nb'])
      expect(modelProblem(bad), bad).toBe('invalid');
  });

  it('G1 the browser’s copy of the model selector check is the server’s', () => {
    expect(MODEL_SELECTOR.pattern.source).toBe(MODEL_SELECTOR_PATTERN.source);
    expect(MODEL_SELECTOR.pattern.flags).toBe(MODEL_SELECTOR_PATTERN.flags);
    expect(MODEL_SELECTOR.maxLength).toBe(MAX_MODEL_SELECTOR_LENGTH);
  });

  it('W3 the tool suggestions are what the server lets the viewer add, plus what the agent already has', () => {
    const tools = [
      { name: 'read_file', mayAdd: true },
      { name: 'shell', mayAdd: false },
      { name: 'web_fetch', mayAdd: true },
    ];
    expect(toolSuggestions(tools, [])).toEqual(['read_file', 'web_fetch']);
    // A user keeps the shell an admin gave the agent (and an MCP tool typed by hand) without being offered it anew.
    expect(toolSuggestions(tools, ['shell', 'mcp__docs'])).toEqual([
      'read_file',
      'web_fetch',
      'shell',
      'mcp__docs',
    ]);
    expect(toolSuggestions(tools, ['read_file'])).toEqual(['read_file', 'web_fetch']);
  });

  it('W3 places the server refusals at the fields they name', () => {
    expect(
      saveProblems(
        new ApiError(422, 'agent_invalid', 'Unknown tools: teleport', {
          field: 'tools',
          unknown: ['teleport'],
        }),
      ),
    ).toEqual({ fields: { tools: 'Unknown tools: teleport' }, general: null });
    expect(
      saveProblems(
        new ApiError(422, 'agent_skill_refused', 'The agent names skills that you may not read', {
          skillIds: ['secret', 'gone'],
        }),
      ),
    ).toEqual({
      fields: { skills: 'The agent names skills that you may not read: secret, gone' },
      general: null,
    });
    expect(
      saveProblems(
        new ApiError(400, 'invalid_request', 'The request is invalid', {
          issues: [
            {
              path: 'mcpServers.1',
              code: 'invalid_string',
              message: 'lowercase letters, digits, "_" and "-"',
            },
            {
              path: 'model',
              code: 'invalid_string',
              message: 'inherit, fast, <model> or <provider>:<model>',
            },
            { path: 'mcpServers.2', code: 'invalid_string', message: 'second issue of one field' },
          ],
        }),
      ),
    ).toEqual({
      fields: {
        mcpServers: 'lowercase letters, digits, "_" and "-"',
        model: 'inherit, fast, <model> or <provider>:<model>',
      },
      general: null,
    });
  });

  it('W3 a refusal naming no field (a permission, an unknown field) is one general message', () => {
    expect(saveProblems(new ApiError(403, 'forbidden', 'Only admins may enable the shell tool'))).toEqual({
      fields: {},
      general: 'Only admins may enable the shell tool',
    });
    expect(saveProblems(new ApiError(422, 'agent_invalid', 'Odd', { field: 'constructor' })).general).toBe(
      'Odd',
    );
    expect(saveProblems(new TypeError('Failed to fetch')).general).toBe('Failed to fetch');
  });
});
