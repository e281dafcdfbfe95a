import { ConflictError, SecurityError, SkilldockError, UserInputError } from '@skilldock/core/errors';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { registeredErrorCodes } from '../../../core/test/support/registered-error-codes.js';
import { errorResponse } from '../../src/http/error-response.js';
import { HttpError } from '../../src/http/http-error.js';
import type { Logger } from '../../src/logging/logger.js';

const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** The answer of a route that throws `error`, through the server's one error handler. */
async function answerTo(error: unknown): Promise<{ status: number; code: string }> {
  const app = new Hono();
  app.get('/', () => {
    throw error;
  });
  app.onError((thrown, c) => errorResponse(c, thrown, silentLogger));
  const response = await app.request('/');
  const body = (await response.json()) as { error: { code: string } };
  return { status: response.status, code: body.error.code };
}

/** A subclass a package adds to a known class (like build's `SkillImportError extends UserInputError`). */
class StaleSkillError extends UserInputError {}
class LeakError extends SecurityError {}
class RaceError extends ConflictError {}

/** Core's classes as a second copy of the package defines them: same names, other class objects. */
function userInputErrorOfACopy(): Error {
  // A copy's classes leave the same `Symbol.for` markers, which is what `isInstance` reads.
  const error = Object.assign(new Error('x'), { name: 'UserInputError', code: 'invalid_skill', details: {} });
  for (const name of ['UserInputError', 'SkilldockError'])
    Object.defineProperty(error, Symbol.for(`skilldock.error.${name}`), { value: true });
  return error;
}

describe('errorStatus: one error → status function on classes and codes', () => {
  it('I2 a subclass of a known error class answers its class status, not 500', async () => {
    expect(await answerTo(new StaleSkillError('invalid_skill', 'stale'))).toEqual({
      status: 400,
      code: 'invalid_skill',
    });
    expect(await answerTo(new LeakError('secret_in_package', 'no'))).toEqual({
      status: 403,
      code: 'secret_in_package',
    });
    expect(await answerTo(new RaceError('revision_conflict', 'again'))).toEqual({
      status: 409,
      code: 'revision_conflict',
    });
  });

  it('I2 a class from another copy of core answers like our own', async () => {
    expect(await answerTo(userInputErrorOfACopy())).toEqual({ status: 400, code: 'invalid_skill' });
  });

  it('I2 the status table answers by code over the class (413 sizes, 404 drafts and paths)', async () => {
    expect((await answerTo(new SecurityError('archive_too_large', 'big'))).status).toBe(413);
    expect((await answerTo(new StaleSkillError('draft_expired', 'gone'))).status).toBe(404);
    expect((await answerTo(new UserInputError('path_not_found', 'gone'))).status).toBe(404);
  });

  it('I2 an HttpError keeps its status; anything else is a 500 that says nothing', async () => {
    expect(await answerTo(new HttpError(429, 'rate_limited', 'slow down'))).toEqual({
      status: 429,
      code: 'rate_limited',
    });
    expect(await answerTo(new SkilldockError('run_failed', 'x'))).toEqual({
      status: 500,
      code: 'internal_error',
    });
    expect(await answerTo(Object.assign(new Error('SELECT 1'), { code: 'ECONNRESET' }))).toEqual({
      status: 500,
      code: 'internal_error',
    });
    expect(await answerTo(new HTTPException(415, { message: 'no' }))).toEqual({
      status: 415,
      code: 'invalid_request',
    });
  });

  it('I2 every code in the status table is a registered error code', async () => {
    const { STATUS_BY_CODE } = await import('../../src/http/error-status.js');
    const registered = registeredErrorCodes();
    expect(Object.keys(STATUS_BY_CODE).filter((code) => !registered.has(code))).toEqual([]);
    expect(Object.keys(STATUS_BY_CODE).length).toBeGreaterThan(0);
  });

  it('I2 a route policy: content refusals answer 400, upload refusals 422, request sizes keep 413', async () => {
    const { errorStatus } = await import('../../src/http/error-status.js');
    expect(errorStatus(new SecurityError('symlink_refused', 'x'), { refusal: 400 })).toBe(400);
    expect(errorStatus(new SecurityError('archive_too_large_expanded', 'x'), { refusal: 400 })).toBe(413);
    expect(errorStatus(new SecurityError('path_outside_folder', 'x'), { refusal: 400 })).toBe(403);
    expect(errorStatus(new LeakError('archive_too_large_expanded', 'x'), { uploadRefusal: 422 })).toBe(422);
    expect(errorStatus(new SecurityError('archive_too_large', 'x'), { uploadRefusal: 422 })).toBe(413);
    expect(errorStatus(new ConflictError('entry_exists', 'x'), { uploadRefusal: 422 })).toBe(409);
  });
});
