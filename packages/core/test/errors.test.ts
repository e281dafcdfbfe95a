import { describe, expect, it } from 'vitest';
import { SecurityError, SkilldockError, UserInputError } from '../src/errors.js';

describe('errors', () => {
  it('carries a code, details and cause, and is recognised across copies', () => {
    const cause = new Error('low level');
    const error = new SecurityError('path_escape', 'path leaves its folder', {
      cause,
      details: { path: '../x' },
    });
    expect(error.code).toBe('path_escape');
    expect(error.details.path).toBe('../x');
    expect(error.cause).toBe(cause);
    expect(error.name).toBe('SecurityError');
    expect(SkilldockError.isInstance(error)).toBe(true);
    expect(SkilldockError.isInstance(new Error('x'))).toBe(false);
    expect(error).toBeInstanceOf(SkilldockError);
    expect(new UserInputError('bad', 'bad')).not.toBeInstanceOf(SecurityError);
  });
});
