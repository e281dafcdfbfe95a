import { SecurityError, SkilldockError, UserInputError } from '@skilldock/core/errors';
import { describe, expect, it } from 'vitest';
import { ModelError } from '../../src/model/model-error.js';

describe('ModelError.isInstance', () => {
  it('is true for a model error only, never for another Skilldock error', () => {
    const model = new ModelError('model_not_configured', 'no model');
    expect(ModelError.isInstance(model)).toBe(true);
    expect(SkilldockError.isInstance(model)).toBe(true);
    expect(ModelError.isInstance(new SecurityError('path_escape', 'x'))).toBe(false);
    expect(ModelError.isInstance(new UserInputError('bad', 'x'))).toBe(false);
    expect(SecurityError.isInstance(model)).toBe(false);
  });
});
