import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AgentEvent, CatalogRefresh } from '@skilldock/agent/loop';
import type { CatalogSnapshot } from '@skilldock/core/catalog';
import { SkillWatcher } from '@skilldock/core/discover';
import { createSkillSession, type SkillSession } from '@skilldock/core/runtime';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_CASES } from '../model/protocol-cases.js';
import { type LoopSetup, startLoop, temporaryProject, testTool } from './loop-harness.js';
import { discoverCatalog, writeBaseSkills } from './skill-project.js';

const run = promisify(execFile);
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

const skillFile = (id: string) => path.join(project.root, '.agents', 'skills', id, 'SKILL.md');

/** A refresh that rediscovers the temp project with core discovery, counting its calls. */
function diskRefresh(): { refresh: CatalogRefresh; calls: () => number } {
  let version = 1;
  return {
    refresh: async () => discoverCatalog(project.root, ++version),
    calls: () => version - 1,
  };
}

describe.each(PROTOCOL_CASES)('refreshCatalog over $protocol', (protocolCase) => {
  async function session(): Promise<SkillSession> {
    return createSkillSession({ catalog: await discoverCatalog(project.root) });
  }
  const prefixesOf = (setupUsed: LoopSetup) =>
    setupUsed.server.requests.map((request) => {
      const body = request.body as Record<string, unknown>;
      return JSON.stringify([protocolCase.systemOf(body), body.tools]);
    });

  it('R7 D7 a SKILL.md edited on disk during turn 1 is announced in the 2nd request; R1 the prefix stays identical', async () => {
    const { refresh, calls } = diskRefresh();
    const skillSession = await session();
    setup = await startLoop(
      protocolCase,
      [
        async () => {
          await writeFile(
            skillFile('release-notes'),
            '---\nname: release-notes\ndescription: Write release notes as a changelog.\n---\nUse Keep a Changelog.\n',
          );
          return { toolCalls: [{ name: 'look', arguments: {} }] };
        },
        { text: 'Done.' },
      ],
      {
        cwd: project.root,
        tools: [testTool('look', 'read')],
        skillSession,
        systemPrompt: BASE_PROMPT,
        refreshCatalog: refresh,
      },
    );
    const { events, result } = await setup.run({ prompt: 'Tidy up' });
    expect(result.status).toBe('completed');
    const [first, second] = setup.server.requests.map((request) => request.body);
    const announcement =
      'The skill release-notes was updated. Description: Write release notes as a changelog.';
    expect(protocolCase.userTextsOf(first)).toEqual(['Tidy up']);
    expect(protocolCase.userTextsOf(second).at(-1)).toBe(announcement);
    expect(ofType(events, 'signal-append')).toEqual([{ type: 'signal-append', signals: [announcement] }]);
    // Awaited before every request, the first included.
    expect(calls()).toBe(2);
    expect(protocolCase.systemOf(second)).toContain('Write release notes in the house format.');
    expect(protocolCase.systemOf(second)).not.toContain('changelog');
    expect(new Set(prefixesOf(setup)).size).toBe(1);
    expect(skillSession.catalog.get('release-notes')?.description).toBe(
      'Write release notes as a changelog.',
    );
  });

  it('R7 a skill folder removed during a turn is announced as no longer available', async () => {
    const { refresh } = diskRefresh();
    const remove = testTool('remove', 'edit', async () => {
      await rm(path.dirname(skillFile('charts')), { recursive: true });
      return { content: 'removed', isError: false };
    });
    setup = await startLoop(
      protocolCase,
      [{ toolCalls: [{ name: 'remove', arguments: {} }] }, { text: 'ok' }],
      {
        cwd: project.root,
        tools: [remove],
        skillSession: await session(),
        approvalModes: ['yolo'],
        refreshCatalog: refresh,
      },
    );
    await setup.run({ prompt: 'Clean up' });
    expect(protocolCase.userTextsOf(setup.server.requests[1]?.body).at(-1)).toBe(
      'The skill charts is no longer available.',
    );
    expect(new Set(prefixesOf(setup)).size).toBe(1);
  });

  it("R7 D7 with the workspace's change journal, an edit by another process during turn 1 is announced in the 2nd request", async () => {
    const homeDirectory = path.join(project.root, '.home');
    await mkdir(homeDirectory, { recursive: true });
    // As openWorkspace makes it: refreshed on demand, file events recorded by the change journal.
    const watcher = new SkillWatcher({
      projectRoot: project.root,
      homeDirectory,
      trusted: true,
      watch: false,
      trackChanges: true,
    });
    const skillSession = await createSkillSession({ catalog: await watcher.start() });
    const script = `require('node:fs').writeFileSync(process.argv[1], '---\\nname: release-notes\\ndescription: Edited by another process.\\n---\\nNew steps.\\n')`;
    try {
      setup = await startLoop(
        protocolCase,
        [
          async () => {
            await run(process.execPath, ['-e', script, skillFile('release-notes')]);
            return { toolCalls: [{ name: 'look', arguments: {} }] };
          },
          { text: 'Done.' },
        ],
        {
          cwd: project.root,
          tools: [testTool('look', 'read')],
          skillSession,
          refreshCatalog: () => watcher.refresh(),
        },
      );
      await setup.run({ prompt: 'Tidy up' });
    } finally {
      await watcher.close();
    }
    expect(protocolCase.userTextsOf(setup.server.requests[1]?.body).at(-1)).toBe(
      'The skill release-notes was updated. Description: Edited by another process.',
    );
    expect(new Set(prefixesOf(setup)).size).toBe(1);
  });

  it('D7 a refresh that finds nothing new (undefined) appends nothing and keeps the snapshot', async () => {
    const skillSession = await session();
    const before = skillSession.catalog;
    let calls = 0;
    setup = await startLoop(
      protocolCase,
      [{ toolCalls: [{ name: 'look', arguments: {} }] }, { text: 'ok' }],
      {
        cwd: project.root,
        tools: [testTool('look', 'read')],
        skillSession,
        refreshCatalog: async () => {
          calls++;
          return undefined;
        },
      },
    );
    const { events } = await setup.run({ prompt: 'Look' });
    expect(calls).toBe(2);
    expect(ofType(events, 'signal-append')).toEqual([]);
    expect(protocolCase.userTextsOf(setup.server.requests[1]?.body)).toEqual(['Look']);
    expect(skillSession.catalog).toBe(before);
  });

  it('D7 a failing refresh keeps the old catalog, is reported as an event, and the run goes on', async () => {
    const skillSession = await session();
    const before: CatalogSnapshot = skillSession.catalog;
    setup = await startLoop(protocolCase, [{ text: 'Still answering.' }], {
      cwd: project.root,
      tools: [],
      skillSession,
      refreshCatalog: async () => {
        throw new Error('the skills folder is unreadable');
      },
    });
    const { events, result } = await setup.run({ prompt: 'Hi' });
    expect(result.status).toBe('completed');
    expect(result.finalText).toBe('Still answering.');
    const [failure] = ofType(events, 'catalog-refresh-error');
    expect(failure?.error.message).toBe('the skills folder is unreadable');
    expect(events.indexOf(failure!)).toBeLessThan(events.findIndex((event) => event.type === 'turn-start'));
    expect(skillSession.catalog).toBe(before);
  });

  it('G2 cancelling while a refresh hangs ends the run as cancelled before any request', async () => {
    const controller = new AbortController();
    setup = await startLoop(protocolCase, [{ text: 'never sent' }], {
      cwd: project.root,
      tools: [],
      skillSession: await session(),
      refreshCatalog: () => {
        controller.abort();
        return new Promise<undefined>(() => undefined);
      },
    });
    const { result, events } = await setup.run({ prompt: 'Hi' }, { signal: controller.signal });
    expect(result.status).toBe('cancelled');
    expect(setup.server.requests).toHaveLength(0);
    expect(events.at(-1)?.type).toBe('run-end');
  });

  it('R7 without a skill session refreshCatalog is never called', async () => {
    let calls = 0;
    setup = await startLoop(protocolCase, [{ text: 'ok' }], {
      cwd: project.root,
      tools: [],
      refreshCatalog: async () => {
        calls++;
        return undefined;
      },
    });
    await setup.run({ prompt: 'Hi' });
    expect(calls).toBe(0);
  });
});
