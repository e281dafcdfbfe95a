import { buildCatalog, type CatalogSnapshot } from '@skilldock/core/catalog';
import type { DiscoveryResult } from '@skilldock/core/discover';
import { ConflictError } from '@skilldock/core/errors';
import type { Skill } from '@skilldock/core/format';

/** A workspace skill that did not load: skipped, and the host told once (SPEC I6). */
export interface HarnessWarning {
  readonly code: 'workspace_skill_invalid';
  readonly message: string;
  /** The skill folder. */
  readonly path: string;
}

/**
 * The catalog of a conversation whose agent mounts skills in code: the declared skills at the
 * session level (highest precedence, SPEC D1) and the workspace's discovered skills, rebuilt only
 * when either changes so an unchanged turn hands the skill session the same snapshot.
 */
export class DeclaredCatalog {
  #declared: readonly Skill[] = [];
  #built: { discovery: DiscoveryResult; declared: readonly Skill[]; snapshot: CatalogSnapshot } | undefined;
  #version = 0;
  readonly #projectRoot: string;
  readonly #discovery: () => DiscoveryResult | undefined;

  constructor({
    projectRoot,
    discovery,
  }: { projectRoot: string; discovery: () => DiscoveryResult | undefined }) {
    this.#projectRoot = projectRoot;
    this.#discovery = discovery;
  }

  /** The skills the latest render mounted. */
  setDeclared(skills: readonly Skill[]): void {
    this.#declared = skills;
  }

  /** The conversation's catalog for the workspace's latest snapshot (`openConversation`'s `catalog`). */
  shape(workspaceCatalog: CatalogSnapshot): CatalogSnapshot {
    const discovery = this.#discovery();
    if (discovery === undefined) return workspaceCatalog;
    const built = this.#built;
    if (built !== undefined && built.discovery === discovery && sameSkills(built.declared, this.#declared)) {
      return built.snapshot;
    }
    const disabled = discovery.settings.skills?.disabled;
    const snapshot = buildCatalog([...this.#declared, ...discovery.skills], {
      projectRoot: this.#projectRoot,
      version: ++this.#version,
      diagnostics: discovery.diagnostics,
      ...(disabled === undefined ? {} : { disabled }),
    });
    this.#built = { discovery, declared: this.#declared, snapshot };
    return snapshot;
  }
}

/**
 * Throws `ConflictError` `skill_name_collision` when a skill of the workspace (a project folder such
 * as `<cwd>/.agents/skills`) has the name or id of a skill the agent declares: the model could not
 * tell which one a name means, and the app's own skill must not be replaced by a file (SPEC I6).
 * Personal and extension skills are shadowed by a declared one, as precedence says (D1).
 */
export function checkSkillCollisions(
  declared: readonly Skill[],
  discovery: DiscoveryResult | undefined,
): void {
  if (discovery === undefined || declared.length === 0) return;
  const names = new Map<string, Skill>();
  for (const skill of declared) {
    names.set(skill.id, skill);
    names.set(skill.name, skill);
  }
  for (const skill of discovery.skills) {
    if (skill.origin.sourceType !== 'project') continue;
    const mounted = names.get(skill.id) ?? names.get(skill.name);
    if (mounted === undefined) continue;
    throw new ConflictError(
      'skill_name_collision',
      `The workspace skill ${skill.skillFile ?? skill.directory ?? skill.id} is named ${skill.name}, like the skill ${mounted.name} the agent mounts with useSkill; rename one of them.`,
      {
        details: { name: mounted.name, ...(skill.directory === undefined ? {} : { path: skill.directory }) },
      },
    );
  }
}

/** The workspace skills that did not load, one warning per folder and problem. */
export function invalidSkillWarnings(discovery: DiscoveryResult | undefined): HarnessWarning[] {
  return (discovery?.invalid ?? []).map((invalid) => {
    const problem =
      invalid.diagnostics.find((diagnostic) => diagnostic.severity === 'error') ?? invalid.diagnostics[0];
    const reason = problem === undefined ? 'it is invalid' : `${problem.code}: ${problem.message}`;
    return {
      code: 'workspace_skill_invalid',
      // A skill folder's name and its file's text are hostile: no control characters reach a terminal (SEC5).
      message: withoutControlCharacters(`Skipped the workspace skill ${invalid.directory}: ${reason}`),
      path: invalid.directory,
    };
  });
}

function sameSkills(first: readonly Skill[], second: readonly Skill[]): boolean {
  return first.length === second.length && first.every((skill, index) => skill === second[index]);
}

function withoutControlCharacters(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
}
