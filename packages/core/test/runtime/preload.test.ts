import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SkilldockError, UserInputError } from '../../src/errors.js';
import { createSkillSession } from '../../src/runtime/create-skill-session.js';
import type { UsageEvent } from '../../src/runtime/types.js';
import { copyRuntimeProject, type RuntimeProject } from './runtime-project.js';

let project: RuntimeProject;
beforeEach(async () => {
  project = await copyRuntimeProject();
});
afterEach(() => project.remove());

async function startError(preload: string[]): Promise<SkilldockError> {
  const catalog = await project.catalog();
  try {
    await createSkillSession({ catalog, preload });
  } catch (error) {
    if (SkilldockError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('the session started');
}

describe('preload', () => {
  it('R8 activates preloaded skills and their dependency closure from the first turn', async () => {
    const events: UsageEvent[] = [];
    const session = await createSkillSession({
      catalog: await project.catalog(),
      preload: ['report'],
      mode: 'progressive',
      onUsage: (event) => events.push(event),
    });
    expect(session.activeSkillIds()).toEqual(['charts', 'report']);
    expect(events.map((event) => [event.skillId, event.outcome, event.trigger])).toEqual([
      ['charts', 'activated', 'preload'],
      ['report', 'activated', 'preload'],
    ]);
    expect(session.activeToolNames(['render_chart'])).toEqual(['render_chart']);
    const section = session.systemPromptSection;
    expect(section).toContain('## Active skills');
    expect(section.indexOf('Label both axes')).toBeLessThan(section.indexOf('Put the summary first'));
    expect((await session.handleToolCall('activate_skill', { name: 'report' })).content).toContain(
      'already active',
    );
  });

  it('R8 reads a preloaded skill fresh from disk at session start', async () => {
    const catalog = await project.catalog();
    await project.writeSkill(
      'charts',
      'name: charts\ndescription: Draw bar and line charts as SVG.',
      'Edited before start.\n',
    );
    const session = await createSkillSession({ catalog, preload: ['charts'] });
    expect(session.systemPromptSection).toContain('Edited before start.');
  });

  it('R8 a preloaded skill that does not exist fails the start with a typed error', async () => {
    const error = await startError(['no-such-skill']);
    expect(error).toBeInstanceOf(UserInputError);
    expect(error.code).toBe('preload_skill_missing');
    expect(error.message).toBe('Cannot preload the skill no-such-skill: there is no such skill.');
  });

  it('R8 a preloaded skill whose SKILL.md was deleted fails the start instead of falling back', async () => {
    const catalog = await project.catalog();
    await rm(path.join(project.skillsDirectory, 'charts', 'SKILL.md'));
    await expect(createSkillSession({ catalog, preload: ['report'] })).rejects.toMatchObject({
      code: 'preload_skill_unreadable',
      details: { skillId: 'charts', path: path.join(project.skillsDirectory, 'charts', 'SKILL.md') },
    });
  });

  it('R8 an unreadable SKILL.md fails the start', async () => {
    const catalog = await project.catalog();
    const file = path.join(project.skillsDirectory, 'charts', 'SKILL.md');
    // Replaced by a folder after discovery: unreadable even for root, unlike a chmod.
    await rm(file);
    await mkdir(file);
    await expect(createSkillSession({ catalog, preload: ['charts'] })).rejects.toMatchObject({
      code: 'preload_skill_unreadable',
    });
  });

  it('R8 a missing dependency of a preloaded skill fails the start, naming the chain', async () => {
    await project.writeSkill(
      'report',
      'name: report\ndescription: Weekly report.\nskill_dependencies: [charts, fonts]',
      'x\n',
    );
    const error = await startError(['report']);
    expect(error.code).toBe('preload_dependency_missing');
    expect(error.message).toContain('report → fonts');
  });

  it('R8 a preloaded skill switched off in the settings fails the start and says why', async () => {
    const catalog = await project.catalog({ disabled: ['charts'] });
    await expect(createSkillSession({ catalog, preload: ['charts'] })).rejects.toThrow(
      'switched off in the settings',
    );
  });
});
