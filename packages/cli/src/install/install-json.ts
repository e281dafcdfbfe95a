import type { DraftFailure, DraftSkill, InstallDraft } from '@skilldock/core/install';
import { diagnosticJson } from '../output.js';

/** The source of a draft as JSON (documented in the README). */
export function sourceJson(draft: InstallDraft): Record<string, unknown> {
  const { source } = draft;
  return {
    input: source.input,
    type: source.type,
    lockSource: source.lockSource,
    lockSourceType: source.lockSourceType,
    ref: source.ref ?? null,
    commit: draft.commit ?? null,
    tokenEnv: source.tokenEnv ?? null,
  };
}

/** One prepared skill as JSON. */
export function draftSkillJson(skill: DraftSkill): Record<string, unknown> {
  return {
    id: skill.id,
    name: skill.name,
    description: skill.description,
    sourcePath: skill.sourcePath,
    files: skill.files.map((file) => ({ path: file.path, size: file.size, executable: file.executable })),
    totalBytes: skill.totalBytes,
    dependencies: skill.dependencies,
    diagnostics: skill.diagnostics.map(diagnosticJson),
    warnings: skill.warnings,
    secrets: skill.secrets,
    revision: skill.revision,
    computedHash: skill.computedHash,
  };
}

/** One skill that failed to prepare, as JSON. */
export function draftFailureJson(failure: DraftFailure): Record<string, unknown> {
  return {
    sourcePath: failure.sourcePath,
    name: failure.name ?? null,
    code: failure.code,
    message: failure.message,
    diagnostics: failure.diagnostics.map(diagnosticJson),
  };
}
