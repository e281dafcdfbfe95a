import type { Agent } from '../../src/agents/agent-queries.js';

/** An editable agent as `GET /api/agents/{id}` returns it, with `changes` applied. */
export function sampleAgent(changes: Partial<Agent> = {}): Agent {
  return {
    id: '0b6c1b2e-8a4f-4a59-9b5e-2f1b8f1d0a7c',
    name: 'Release helper',
    description: 'Writes release notes.',
    model: 'inherit',
    builtin: false,
    ownerId: 'u1',
    permissions: { edit: true, share: false, delete: true },
    systemPrompt: 'Be brief.',
    skills: ['glossary'],
    preloadSkills: ['glossary'],
    tools: ['read_file'],
    mcpServers: [],
    subagents: [],
    shellNetwork: false,
    boundSkillId: null,
    createdAt: '2026-12-01T00:00:00.000Z',
    updatedAt: '2026-12-01T00:00:00.000Z',
    ...changes,
  };
}
