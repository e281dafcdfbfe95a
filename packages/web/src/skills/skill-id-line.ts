/**
 * The version every skill that declares none is given (core's `validateSkillFields` and the skill
 * index's column default). The API does not say whether a version was declared, so the web app
 * treats this one as "none declared" and shows no version rather than invent "Version 1.0.0"
 * (issue 24); a skill that declares exactly 1.0.0 shows none either — the lesser loss.
 */
export const UNDECLARED_VERSION = '1.0.0';

/** "id · Version x" for a skill, or just its id when it declares no version. */
export function skillIdLine(
  id: string,
  version: string | null | undefined,
  versionLabel: (version: string) => string,
): string {
  return version == null || version === '' || version === UNDECLARED_VERSION
    ? id
    : `${id} · ${versionLabel(version)}`;
}
