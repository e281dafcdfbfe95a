/**
 * `describeApi` (issue 22 item 2): the OpenAPI document read from `createApp` with no database is
 * the one a started server answers at `/openapi.json`, and an app built on its stand-ins refuses
 * to do work instead of pretending to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeApi } from '../src/index.js';
import { openContentApp } from './support/skill-content-fixtures.js';
import { TEST_BACKENDS } from './support/test-databases.js';

describe.each(TEST_BACKENDS)('describeApi on $name', (backend) => {
  let started: Awaited<ReturnType<typeof openContentApp>>;
  beforeAll(async () => {
    started = await openContentApp(await backend.openMigrated(), 'describe-api');
  });
  afterAll(async () => {
    await started?.close();
  });

  it('is the document a started server answers at /openapi.json', async () => {
    const response = await started.server.app.request('/openapi.json');
    expect(response.status).toBe(200);
    const served = await response.json();
    const described = describeApi();
    expect(Object.keys(described.paths ?? {}).length).toBeGreaterThan(50);
    expect(JSON.parse(JSON.stringify(described))).toEqual(served);
  });
});

describe('describeApi', () => {
  it('builds the document synchronously: nothing is opened, migrated or queued', () => {
    const document = describeApi();
    expect(document).not.toBeInstanceOf(Promise);
    expect(document.paths?.['/api/skills']).toBeDefined();
    expect(document.components?.securitySchemes).toBeDefined();
  });
});
