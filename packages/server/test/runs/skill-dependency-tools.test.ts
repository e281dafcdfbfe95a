import type { CatalogSnapshot } from '@skilldock/core/catalog';
import type { SourceType } from '@skilldock/core/format';
import { describe, expect, it } from 'vitest';
import { skillDependencyTools } from '../../src/runs/skill-dependency-tools.js';

const skill = (sourceType: SourceType, toolDependencies: string[]) => ({
  origin: { sourceType },
  fields: { toolDependencies },
});

describe('skillDependencyTools', () => {
  it('R6 the tools a run has because of its skills: shared, builtin and bound skills bring theirs, a personal skill nothing', () => {
    const catalog = {
      skills: [
        skill('shared', ['write_file', 'edit']),
        skill('builtin', ['grep']),
        skill('session', ['ls', 'write_file']),
        skill('personal', ['glob', 'shell']),
      ],
    } as unknown as CatalogSnapshot;
    expect(skillDependencyTools(catalog)).toEqual(['edit', 'grep', 'ls', 'write_file']);
  });
});
