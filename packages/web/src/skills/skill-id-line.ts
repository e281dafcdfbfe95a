/**
 * The version every skill that declares none is given (core's `validateSkillFields` and the skill
 * index's column default). The API does not say whether a version was declared, so the web app
 * treats this one as "none declared" and shows no version rather than invent "Version 1.0.0"
 * (issue 24); a skill that declares exactly 1.0.0 shows none either — the lesser loss.
 */
export const UNDECLARED_VERSION = '1.0.0';

/** The version a skill declares, or null when it declares none (see {@link UNDECLARED_VERSION}). */
export function declaredVersion(version: string | null | undefined): string | null {
  return version == null || version === '' || version === UNDECLARED_VERSION ? null : version;
}

/** "id · Version x" for a skill, or just its id when it declares no version. */
export function skillIdLine(
  id: string,
  version: string | null | undefined,
  versionLabel: (version: string) => string,
): string {
  const declared = declaredVersion(version);
  return declared === null ? id : `${id} · ${versionLabel(declared)}`;
}
