import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSkillSession } from '../../src/runtime/create-skill-session.js';
import { copyRuntimeProject, type RuntimeProject } from './runtime-project.js';

let project: RuntimeProject;
beforeEach(async () => {
  project = await copyRuntimeProject();
});
afterEach(() => project.remove());

describe('path gates', () => {
  it('D3 a touched file matching the globs makes a gated skill available and signals it', async () => {
    const session = await createSkillSession({ catalog: await project.catalog() });
    expect(session.systemPromptSection).not.toContain('sql-style');
    expect(session.filesTouched(['README.md'])).toEqual([]);
    expect(session.filesTouched([path.join(project.root, 'db/migrations/2025/001_init.sql')])).toEqual([
      'sql-style',
    ]);
    expect(session.drainSignals()).toEqual([
      'New skill available: sql-style — House style for SQL migrations. Use when writing or reviewing a migration.',
    ]);
    expect(session.drainSignals()).toEqual([]);
    const activation = await session.handleToolCall('activate_skill', { name: 'sql-style' });
    expect(activation.content).toContain('upper-case keywords');
  });

  it('D3 accepts paths relative to the project root and stays open for the rest of the session', async () => {
    const session = await createSkillSession({ catalog: await project.catalog() });
    expect(session.filesTouched(['src/api/users.ts'])).toEqual(['api-conventions']);
    expect(session.filesTouched(['src/api/orders.ts'])).toEqual([]);
    expect(session.drainSignals()).toHaveLength(1);
  });

  it('D3 files outside the project root never match, even when their tail looks right', async () => {
    const session = await createSkillSession({ catalog: await project.catalog() });
    const outside = path.join(path.dirname(project.root), 'db/migrations/001.sql');
    expect(session.filesTouched([outside, '../db/migrations/001.sql', '/db/migrations/001.sql'])).toEqual([]);
    expect(session.drainSignals()).toEqual([]);
  });

  it('D3 D4 gating has no effect on a skill hidden by disable-model-invocation', async () => {
    const session = await createSkillSession({ catalog: await project.catalog() });
    expect(session.filesTouched(['deploy/prod.yaml'])).toEqual([]);
    expect((await session.handleToolCall('activate_skill', { name: 'deploy' })).isError).toBe(true);
  });
});

describe('change signals', () => {
  it('R7 announces added, removed and updated skills as appended messages, never in the system prompt', async () => {
    const session = await createSkillSession({ catalog: await project.catalog() });
    const prompt = session.systemPromptSection;
    await project.writeSkill(
      'changelog',
      'name: changelog\ndescription: Write changelog entries.',
      'Keep a Changelog format.\n',
    );
    await rm(path.join(project.skillsDirectory, 'github-triage'), { recursive: true });
    await project.writeSkill(
      'house-style',
      'name: house-style\ndescription: Tone rules, revised.\nuser-invocable: false',
      'Short answers.\n',
    );
    session.updateCatalog(await project.catalog({ version: 2 }));
    expect(session.drainSignals()).toEqual([
      'The skill github-triage is no longer available.',
      'The skill house-style was updated. Description: Tone rules, revised.',
      'New skill available: changelog — Write changelog entries.',
    ]);
    expect(session.systemPromptSection).toBe(prompt);
    expect(session.catalog.version).toBe(2);
  });

  it('R7 tells the model to reload an active skill that changed, and delivers the new instructions on request', async () => {
    const session = await createSkillSession({ catalog: await project.catalog() });
    await session.handleToolCall('activate_skill', { name: 'charts' });
    await project.writeSkill(
      'charts',
      'name: charts\ndescription: Draw bar and line charts as SVG.\ntool_dependencies: [render_chart]',
      'Start axes at zero.\n',
    );
    session.updateCatalog(await project.catalog({ version: 2 }));
    expect(session.drainSignals()).toEqual([
      'The skill charts was updated. Call activate_skill again to load its new instructions. Description: Draw bar and line charts as SVG.',
    ]);
    const again = await session.handleToolCall('activate_skill', { name: 'charts' });
    expect(again.content).toContain('Start axes at zero.');
  });

  it('R7 says nothing when a refresh changes nothing the model can see', async () => {
    const session = await createSkillSession({ catalog: await project.catalog() });
    await project.writeSkill(
      'deploy',
      'name: deploy\ndescription: Deploy, revised.\ndisable-model-invocation: true',
      'x\n',
    );
    session.updateCatalog(await project.catalog({ version: 2 }));
    expect(session.drainSignals()).toEqual([]);
  });

  it('R7 D3 a refresh resets path-gate activation: the gated skill is gone until a matching file is touched again', async () => {
    // Seed 000: "新会话，或编辑任何技能文件触发的 refreshCache 会重置激活" (this test used to assert
    // that a refresh re-applies the files touched before it).
    const session = await createSkillSession({ catalog: await project.catalog() });
    session.filesTouched(['src/api/users.ts']);
    session.drainSignals();
    session.updateCatalog(await project.catalog({ version: 2 }));
    expect(session.drainSignals()).toEqual(['The skill api-conventions is no longer available.']);
    const hidden = await session.handleToolCall('activate_skill', { name: 'api-conventions' });
    expect(hidden.isError).toBe(true);
    expect(hidden.content).toContain('src/api/**');
    expect(session.filesTouched(['src/api/users.ts'])).toEqual(['api-conventions']);
    expect(session.drainSignals()).toEqual([
      'New skill available: api-conventions — REST conventions for the HTTP handlers in src/api.',
    ]);
    expect((await session.handleToolCall('activate_skill', { name: 'api-conventions' })).isError).toBe(false);
    await project.writeSkill(
      'api-conventions',
      'name: api-conventions\ndescription: REST conventions.\npaths: ["lib/**"]',
      'x\n',
    );
    session.updateCatalog(await project.catalog({ version: 3 }));
    expect(session.drainSignals()).toEqual([
      'The skill api-conventions was updated. Call activate_skill again to load its new instructions. Description: REST conventions.',
    ]);
  });

  it('R7 D3 a gated skill whose gate closes after a refresh is announced as gone', async () => {
    const session = await createSkillSession({ catalog: await project.catalog() });
    session.filesTouched(['db/migrations/1.sql']);
    session.drainSignals();
    await project.writeSkill(
      'sql-style',
      'name: sql-style\ndescription: SQL style.\npaths: ["sql/**"]',
      'x\n',
    );
    session.updateCatalog(await project.catalog({ version: 2 }));
    expect(session.drainSignals()).toEqual(['The skill sql-style is no longer available.']);
  });
});
