import { describe, expect, it } from 'vitest';
import { filterSkills } from '../src/pages/skills-page.js';

describe('the skills search', () => {
  it('W1 matches every word in the id, name or description, ignoring case', () => {
    const skill = (id: string, description: string) => ({
      id,
      name: id,
      description,
      kind: 'shared' as const,
      enabled: true,
      manageable: false,
      version: '1.0.0',
    });
    const skills = [skill('pdf-tools', 'Fill PDF forms'), skill('csv-report', 'Summarise CSV files')];
    expect(filterSkills(skills, '').map((s) => s.id)).toEqual(['pdf-tools', 'csv-report']);
    expect(filterSkills(skills, '  PDF   forms ').map((s) => s.id)).toEqual(['pdf-tools']);
    expect(filterSkills(skills, 'report').map((s) => s.id)).toEqual(['csv-report']);
    expect(filterSkills(skills, 'csv pdf')).toEqual([]);
  });
});
