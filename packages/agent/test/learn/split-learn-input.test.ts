import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { splitLearnInput } from '@skilldock/agent/learn';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type LearnProject, makeLearnProject } from './learn-harness.js';

let project: LearnProject;

beforeEach(async () => {
  project = await makeLearnProject();
  await mkdir(path.join(project.root, 'docs'));
  await writeFile(path.join(project.root, 'README'), 'hello\n');
});

afterEach(async () => {
  await project.remove();
});

describe('splitLearnInput (the words after /learn)', () => {
  it.each([
    [
      'https://docs.example.com/api auth only',
      { source: 'https://docs.example.com/api', focus: 'auth only' },
    ],
    [
      './tutorial.mp4 focus on the deployment workflow',
      { source: './tutorial.mp4', focus: 'focus on the deployment workflow' },
    ],
    ['clip.webm', { source: 'clip.webm', focus: '' }],
    ['docs the rollback part', { source: 'docs', focus: 'the rollback part' }],
    ['README', { source: 'README', focus: '' }],
    ['~/notes/deploy.md steps', { source: '~/notes/deploy.md', focus: 'steps' }],
    [
      'Our deploy process: run migrate, deploy the service, then check health',
      { source: 'Our deploy process: run migrate, deploy the service, then check health', focus: '' },
    ],
    ['  deploy   with make  ', { source: 'deploy   with make', focus: '' }],
  ])('L1 %j', async (input, expected) => {
    expect(await splitLearnInput(input, project.root, '/home/someone')).toEqual(expected);
  });
});
