import { readFileSync } from 'node:fs';
import * as agent from '@skilldock/agent';
import * as agentAiSdk from '@skilldock/agent/ai-sdk';
import * as agentConversation from '@skilldock/agent/conversation';
import * as agentCurator from '@skilldock/agent/curator';
import * as agentHarness from '@skilldock/agent/harness';
import * as agentLearn from '@skilldock/agent/learn';
import * as agentLearnAutoSkill from '@skilldock/agent/learn/auto-skill';
import * as agentLoop from '@skilldock/agent/loop';
import * as agentMcpServer from '@skilldock/agent/mcp-server';
import * as agentModel from '@skilldock/agent/model';
import * as agentPolicy from '@skilldock/agent/policy';
import * as agentSandbox from '@skilldock/agent/sandbox';
import * as agentSession from '@skilldock/agent/session';
import * as agentSubagents from '@skilldock/agent/subagents';
import * as agentTesting from '@skilldock/agent/testing';
import * as agentTools from '@skilldock/agent/tools';
import * as agentWorkspace from '@skilldock/agent/workspace';
import * as core from '@skilldock/core';
import * as coreCatalog from '@skilldock/core/catalog';
import * as coreCsrfHeader from '@skilldock/core/csrf-header';
import * as coreDiscover from '@skilldock/core/discover';
import * as coreErrors from '@skilldock/core/errors';
import * as coreFormat from '@skilldock/core/format';
import * as coreFormatBrowser from '@skilldock/core/format/browser';
import * as coreNeutralizeText from '@skilldock/core/format/neutralize-text';
import * as coreFs from '@skilldock/core/fs';
import * as coreInstall from '@skilldock/core/install';
import * as coreNetwork from '@skilldock/core/network';
import * as corePackage from '@skilldock/core/package';
import * as coreRuntime from '@skilldock/core/runtime';
import * as coreWidgets from '@skilldock/core/widgets';
import { describe, expect, it } from 'vitest';

/**
 * The value exports of every entry point, pinned (issue 9 §5): adding or removing a public name is a
 * decision that shows up in review as a change to the snapshot, never an accident. Types are
 * erased at run time, so these are the values a caller can import.
 */
const ENTRY_POINTS: Readonly<Record<string, object>> = {
  '@skilldock/core': core,
  '@skilldock/core/catalog': coreCatalog,
  '@skilldock/core/csrf-header': coreCsrfHeader,
  '@skilldock/core/discover': coreDiscover,
  '@skilldock/core/errors': coreErrors,
  '@skilldock/core/format': coreFormat,
  '@skilldock/core/format/browser': coreFormatBrowser,
  '@skilldock/core/format/neutralize-text': coreNeutralizeText,
  '@skilldock/core/fs': coreFs,
  '@skilldock/core/install': coreInstall,
  '@skilldock/core/network': coreNetwork,
  '@skilldock/core/package': corePackage,
  '@skilldock/core/runtime': coreRuntime,
  '@skilldock/core/widgets': coreWidgets,
  '@skilldock/agent': agent,
  '@skilldock/agent/conversation': agentConversation,
  '@skilldock/agent/curator': agentCurator,
  '@skilldock/agent/learn': agentLearn,
  '@skilldock/agent/learn/auto-skill': agentLearnAutoSkill,
  '@skilldock/agent/loop': agentLoop,
  '@skilldock/agent/mcp-server': agentMcpServer,
  '@skilldock/agent/model': agentModel,
  '@skilldock/agent/policy': agentPolicy,
  '@skilldock/agent/sandbox': agentSandbox,
  '@skilldock/agent/session': agentSession,
  '@skilldock/agent/subagents': agentSubagents,
  '@skilldock/agent/tools': agentTools,
  '@skilldock/agent/workspace': agentWorkspace,
  '@skilldock/agent/harness': agentHarness,
  '@skilldock/agent/ai-sdk': agentAiSdk,
  '@skilldock/agent/testing': agentTesting,
};

/** Issue 22 §5: a root is what a newcomer reads first — at most this many values. */
const ROOT_BUDGET = 40;

/** The stages of the agent package: each has its own entry, and the root picks from them. */
const AGENT_STAGES = Object.entries(ENTRY_POINTS).filter(
  ([entry]) => entry.startsWith('@skilldock/agent/') && !/\/(harness|ai-sdk|testing)$/.test(entry),
);

describe('export lists', () => {
  it.each(Object.keys(ENTRY_POINTS))('I1 %s exports exactly its pinned list of values', (entry) => {
    expect(Object.keys(ENTRY_POINTS[entry]!).sort()).toMatchSnapshot();
  });

  it('I1 every subpath core publishes is pinned here', () => {
    const { exports } = JSON.parse(readFileSync(new URL('../../core/package.json', import.meta.url), 'utf8'));
    const published = Object.keys(exports).map((subpath) =>
      subpath === '.' ? '@skilldock/core' : `@skilldock/core/${subpath.slice(2)}`,
    );
    expect(published.sort()).toEqual(
      Object.keys(ENTRY_POINTS)
        .filter((entry) => entry.startsWith('@skilldock/core'))
        .sort(),
    );
  });

  it("I1 each value of the root is the one its stage exports, and no stage exports another stage's value", () => {
    // format/browser is the browser-safe part of format (the web app's bundle): the same values, not a stage.
    // format/neutralize-text likewise: the one neutraliser alone, for callers that load nothing else.
    for (const [slice, values] of [
      ['format/browser', coreFormatBrowser],
      ['format/neutralize-text', coreNeutralizeText],
    ] as const)
      for (const [name, value] of Object.entries(values))
        expect((coreFormat as Record<string, unknown>)[name], `${slice} ${name}`).toBe(value);
    const slices = new Set(['@skilldock/core/format/browser', '@skilldock/core/format/neutralize-text']);
    const stages = Object.entries(ENTRY_POINTS).filter(
      ([entry]) => entry.startsWith('@skilldock/core/') && !slices.has(entry),
    );
    for (const [name, value] of Object.entries(core)) {
      const owners = stages.filter(([, exports]) => (exports as Record<string, unknown>)[name] === value);
      expect(
        owners.map(([entry]) => entry),
        name,
      ).toHaveLength(1);
    }
    const seen = new Map<string, string>();
    for (const [entry, exports] of stages) {
      for (const name of Object.keys(exports)) {
        expect(seen.get(name), `${name} in ${entry}`).toBeUndefined();
        seen.set(name, entry);
      }
    }
  });

  it('I1 the roots of core and agent stay curated', () => {
    expect(Object.keys(core).length).toBeLessThanOrEqual(ROOT_BUDGET);
    expect(Object.keys(agent).length).toBeLessThanOrEqual(ROOT_BUDGET);
  });

  it('I1 every subpath agent publishes is pinned here', () => {
    const { exports } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    const published = Object.keys(exports).map((subpath) =>
      subpath === '.' ? '@skilldock/agent' : `@skilldock/agent/${subpath.slice(2)}`,
    );
    expect(published.sort()).toEqual(
      Object.keys(ENTRY_POINTS)
        .filter((entry) => entry.startsWith('@skilldock/agent'))
        .sort(),
    );
  });

  it("I1 each value of the agent's root comes from exactly one stage, and no stage exports another's", () => {
    for (const [name, value] of Object.entries(agent)) {
      const owners = AGENT_STAGES.filter(
        ([, exports]) => (exports as Record<string, unknown>)[name] === value,
      );
      expect(
        owners.map(([entry]) => entry),
        name,
      ).toHaveLength(1);
    }
    const seen = new Map<string, string>();
    for (const [entry, exports] of AGENT_STAGES)
      for (const name of Object.keys(exports)) {
        expect(seen.get(name), `${name} in ${entry}`).toBeUndefined();
        seen.set(name, entry);
      }
  });
});
