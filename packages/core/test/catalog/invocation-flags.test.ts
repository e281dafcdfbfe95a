import { describe, expect, it } from 'vitest';
import { modelVisibility } from '../../src/catalog/model-visibility.js';
import { userInvocability } from '../../src/catalog/user-invocability.js';
import { makeSkill } from './make-skill.js';

function skillWith(flags: { disableModel: boolean; userInvocable: boolean; gated: boolean }) {
  const extra = [
    `disable-model-invocation: ${flags.disableModel}`,
    `user-invocable: ${flags.userInvocable}`,
    flags.gated ? "paths: ['src/**']" : '',
  ].join('\n');
  return makeSkill('tool', { extra });
}

const combinations = [false, true].flatMap((disableModel) =>
  [true, false].flatMap((userInvocable) =>
    [false, true].map((gated) => ({ disableModel, userInvocable, gated })),
  ),
);

describe('invocation flags', () => {
  it('D4 decides both routes for every combination of the three flags', () => {
    const table = combinations.map((flags) => {
      const skill = skillWith(flags);
      return [
        flags,
        modelVisibility(skill).allowed ? 'model' : (modelVisibility(skill) as { reason: string }).reason,
        modelVisibility(skill, { pathActivated: true }).allowed,
        userInvocability(skill).allowed,
      ];
    });
    expect(table).toEqual([
      [{ disableModel: false, userInvocable: true, gated: false }, 'model', true, true],
      [{ disableModel: false, userInvocable: true, gated: true }, 'path-gated', true, true],
      [{ disableModel: false, userInvocable: false, gated: false }, 'model', true, false],
      [{ disableModel: false, userInvocable: false, gated: true }, 'path-gated', true, false],
      [{ disableModel: true, userInvocable: true, gated: false }, 'disable-model-invocation', false, true],
      [{ disableModel: true, userInvocable: true, gated: true }, 'disable-model-invocation', false, true],
      [{ disableModel: true, userInvocable: false, gated: false }, 'disable-model-invocation', false, false],
      [{ disableModel: true, userInvocable: false, gated: true }, 'disable-model-invocation', false, false],
    ]);
  });

  it('D4 explains a blocked model route', () => {
    const userOnly = modelVisibility(skillWith({ disableModel: true, userInvocable: true, gated: false }));
    expect(userOnly).toEqual({
      allowed: false,
      reason: 'disable-model-invocation',
      message:
        "The skill 'tool' is not available to the model (disable-model-invocation: true); the user can run it with /tool.",
    });
    const off = modelVisibility(skillWith({ disableModel: true, userInvocable: false, gated: true }));
    expect(off.allowed === false && off.message).toContain('switched off for both routes');
  });

  it('D3 explains a path-gated skill and how the user can still run it', () => {
    const result = modelVisibility(skillWith({ disableModel: false, userInvocable: true, gated: true }));
    expect(result).toEqual({
      allowed: false,
      reason: 'path-gated',
      message:
        "The skill 'tool' becomes available once a file matching src/** is read or edited. The user can run it now with /tool.",
    });
  });

  it('D4 explains a blocked slash command and what still works', () => {
    const modelOnly = userInvocability(
      skillWith({ disableModel: false, userInvocable: false, gated: false }),
    );
    expect(modelOnly).toEqual({
      allowed: false,
      reason: 'user-invocable-false',
      message:
        "The skill 'tool' cannot be run as /tool (user-invocable: false). The model uses it when it is relevant; ask for the task instead.",
    });
    const gatedModel = userInvocability(
      skillWith({ disableModel: false, userInvocable: false, gated: true }),
    );
    expect(gatedModel.allowed === false && gatedModel.message).toContain(
      'once a file matching src/** is touched',
    );
    const neither = userInvocability(skillWith({ disableModel: true, userInvocable: false, gated: false }));
    expect(neither.allowed === false && neither.message).toContain('The model may not use it either');
  });
});
