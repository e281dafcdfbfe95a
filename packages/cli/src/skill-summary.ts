import type { SkillReference } from '@skilldock/core/catalog';
import type { ListingStatus } from '@skilldock/core/discover';
import type { Skill } from '@skilldock/core/format';
import { diagnosticJson } from './output.js';

/** Where a skill lives, as one word plus scope: `project`, `extension:rust`, … */
export function describeSource(skill: Pick<Skill, 'origin'> | SkillReference): string {
  const origin = 'origin' in skill ? skill.origin : skill;
  return origin.sourceScope && origin.sourceScope !== 'settings'
    ? `${origin.sourceType}:${origin.sourceScope}`
    : origin.sourceType;
}

/** The stable JSON shape of one skill in `skills list --json` and `skills show --json`. */
export function skillJson(
  skill: Skill,
  {
    status,
    overrides = [],
    shadowedBy,
    withFiles = true,
  }: {
    status: ListingStatus;
    overrides?: readonly SkillReference[];
    shadowedBy?: SkillReference;
    /** Include `files` (listings leave it out unless asked with `--files`). */
    withFiles?: boolean;
  },
): Record<string, unknown> {
  return {
    id: skill.id,
    name: skill.name,
    description: skill.description,
    status,
    source: {
      type: skill.origin.sourceType,
      scope: skill.origin.sourceScope ?? null,
      directory: skill.origin.sourceDir ?? null,
    },
    directory: skill.directory ?? null,
    skillFile: skill.skillFile ?? null,
    priority: skill.fields.priority ?? null,
    version: declaredVersion(skill) ?? null,
    userInvocable: skill.fields.userInvocable,
    disableModelInvocation: skill.fields.disableModelInvocation,
    paths: skill.fields.paths ?? [],
    dependencies: {
      skills: skill.fields.skillDependencies,
      tools: skill.fields.toolDependencies,
      mcp: skill.fields.mcpDependencies,
    },
    ...(withFiles ? { files: skill.files.map((file) => ({ path: file.path, size: file.size })) } : {}),
    overrides: overrides.map(referenceJson),
    shadowedBy: shadowedBy ? referenceJson(shadowedBy) : null,
    diagnostics: skill.diagnostics.map(diagnosticJson),
  };
}

function referenceJson(reference: SkillReference): Record<string, unknown> {
  return {
    id: reference.id,
    source: reference.sourceType,
    scope: reference.sourceScope ?? null,
    directory: reference.directory ?? null,
  };
}

/** The `version` a skill's frontmatter declares, or `undefined`: listings never show the default `1.0.0` as if declared. */
export function declaredVersion(skill: Pick<Skill, 'frontmatter' | 'fields'>): string | undefined {
  return skill.frontmatter.version === undefined ? undefined : skill.fields.version;
}
