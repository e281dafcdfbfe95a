import * as agent from '@skilldock/agent';
import * as agentTesting from '@skilldock/agent/testing';
import * as core from '@skilldock/core';
import * as coreInstall from '@skilldock/core/install';
import { describe, expect, it } from 'vitest';

/**
 * The value exports of every entry point, pinned (issue 9 §5): adding or removing a public name is a
 * decision that shows up in review as a change to the snapshot, never an accident. Types are
 * erased at run time, so these are the values a caller can import.
 */
const ENTRY_POINTS: Readonly<Record<string, object>> = {
  '@skilldock/core': core,
  '@skilldock/core/install': coreInstall,
  '@skilldock/agent': agent,
  '@skilldock/agent/testing': agentTesting,
};

describe('export lists', () => {
  it.each(Object.keys(ENTRY_POINTS))('I1 %s exports exactly its pinned list of values', (entry) => {
    expect(Object.keys(ENTRY_POINTS[entry]!).sort()).toMatchSnapshot();
  });
});
