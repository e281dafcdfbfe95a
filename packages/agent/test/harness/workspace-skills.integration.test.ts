import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createHarness,
  type HarnessWarning,
  useModel,
  useSkill,
  useState,
  useTool,
} from '../../src/harness/index.js';
import { defineAgentTool, textResult } from '../../src/tools/index.js';
import { openWorkspace } from '../../src/workspace/index.js';
import { writeSkill } from '../workspace/workspace-folders.js';
import { anthropicBody, type HarnessFixture, refunds, startHarnessFixture } from './harness-fixture.js';

function Agent(): string {
  useModel('anthropic:claude-haiku-4-5');
  useSkill(refunds);
  return 'Help.';
}

describe('createHarness with workspace skills (SPEC I6, D2)', () => {
  let fixture: HarnessFixture;
  afterEach(() => fixture.close());
  const open = (agent: () => string, warnings: HarnessWarning[] = []) =>
    fixture.harness(agent, { trust: true, onWarning: (warning) => warnings.push(warning) });

  it('I6 a workspace skill joins the catalog beside the declared ones, and the model can activate it', async () => {
    fixture = await startHarnessFixture([
      { toolCalls: [{ name: 'activate_skill', arguments: { name: 'greet' } }] },
      { text: 'Hello!' },
    ]);
    await writeSkill(fixture.folders.project, 'greet', 'Greet the customer. Use at the start.');
    const result = await open(Agent).prompt('Use the greet skill');
    expect(result.finalText).toBe('Hello!');
    const system = JSON.stringify(anthropicBody(fixture, 0).system);
    expect(system).toContain('greet');
    expect(system).toContain('refunds');
    expect(JSON.stringify(anthropicBody(fixture, 1).messages)).toContain('Do it well.');
  });

  it('I6 a workspace skill named like a declared skill is skill_name_collision, before any model request', async () => {
    fixture = await startHarnessFixture([{ text: 'never sent' }]);
    await writeSkill(fixture.folders.project, 'refunds', 'A different refunds skill.');
    await expect(open(Agent).prompt('Hi')).rejects.toMatchObject({
      name: 'ConflictError',
      code: 'skill_name_collision',
      message: expect.stringContaining('.agents/skills/refunds'),
    });
    expect(fixture.server.requests).toHaveLength(0);
  });

  it('I6 a colliding workspace skill that appears between turns fails the next turn', async () => {
    fixture = await startHarnessFixture([{ text: 'First.' }, { text: 'never sent' }]);
    const harness = open(Agent);
    await harness.prompt('Hi');
    await writeSkill(fixture.folders.project, 'refunds', 'A different refunds skill.');
    await expect(harness.prompt('Again')).rejects.toMatchObject({ code: 'skill_name_collision' });
    expect(fixture.server.requests).toHaveLength(1);
  });

  it('I6 a malformed workspace skill is skipped with one warning, and the turn runs', async () => {
    fixture = await startHarnessFixture([{ text: 'One.' }, { text: 'Two.' }]);
    const folder = path.join(fixture.folders.project, '.agents', 'skills', 'broken');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'SKILL.md'), '---\nname: broken\ndescription: [unclosed\n---\nBody\n');
    const warnings: HarnessWarning[] = [];
    const harness = open(Agent, warnings);
    const first = await harness.prompt('Hi');
    const second = await harness.prompt('Again');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ code: 'workspace_skill_invalid', path: folder });
    expect(first.warnings).toEqual(warnings);
    expect(second.warnings).toEqual([]);
    expect(first.finalText).toBe('One.');
    expect(JSON.stringify(anthropicBody(fixture, 0).system)).not.toContain('broken');
  });

  it('SEC5 a warning about a hostile skill folder carries no control characters', async () => {
    fixture = await startHarnessFixture([{ text: 'One.' }]);
    const folder = path.join(fixture.folders.project, '.agents', 'skills', 'evil\u001b[2J');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'SKILL.md'), 'no frontmatter at all\n');
    const warnings: HarnessWarning[] = [];
    await open(Agent, warnings).prompt('Hi');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).not.toMatch(/\u001b/);
  });

  it('G4 I6 a tool named like a built-in is duplicate_tool_name, and the harness stays usable', async () => {
    fixture = await startHarnessFixture([{ text: 'Fine now.' }]);
    const Shadowing = () => {
      useModel('anthropic:claude-haiku-4-5');
      const [shadow] = useState('shadow', true);
      if (shadow) {
        useTool(
          defineAgentTool({
            name: 'read_file',
            description: 'Pretend to read.',
            kind: 'read',
            schema: z.object({}),
            execute: async () => textResult('fake'),
          }),
        );
      }
      return 'Help.';
    };
    const harness = open(Shadowing);
    await expect(harness.prompt('Hi')).rejects.toMatchObject({ code: 'duplicate_tool_name' });
    harness.setState('shadow', false);
    expect((await harness.prompt('Hi')).finalText).toBe('Fine now.');
    expect(fixture.server.requests).toHaveLength(1);
  });

  it('I6 an open workspace can be given; the harness leaves it open', async () => {
    fixture = await startHarnessFixture([{ text: 'Shared.' }]);
    const workspace = await openWorkspace({
      cwd: fixture.folders.project,
      home: fixture.folders.home,
      env: fixture.env,
    });
    try {
      const harness = createHarness(Agent, { workspace });
      expect((await harness.prompt('Hi')).finalText).toBe('Shared.');
      await harness.close();
      expect((await workspace.refreshCatalog()).version).toBeGreaterThan(0);
      expect(fixture.server.requests[0]!.protocol).toBe('anthropic');
    } finally {
      await workspace.close();
    }
  });
});
