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

  it('isInstance tells sibling classes apart and recognises a copy of a class by its name', () => {
    class ModelError extends SkilldockError {}
    const security = new SecurityError('path_escape', 'x');
    expect(ModelError.isInstance(security)).toBe(false);
    expect(SecurityError.isInstance(security)).toBe(true);
    expect(UserInputError.isInstance(security)).toBe(false);
    expect(SkilldockError.isInstance(security)).toBe(true);
    expect(SecurityError.isInstance(new SkilldockError('x', 'x'))).toBe(false);
    // Another copy of the package: a different class object with the same name.
    const CopiedSecurityError = { SecurityError: class SecurityError extends SkilldockError {} }
      .SecurityError;
    expect(SecurityError.isInstance(new CopiedSecurityError('x', 'x'))).toBe(true);
    expect(CopiedSecurityError.isInstance(security)).toBe(true);
    expect(ModelError.isInstance(new ModelError('model_failed', 'x'))).toBe(true);
  });
});
