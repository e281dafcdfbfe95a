import { z } from 'zod';

/** Default deepest folder level searched below a skill root (SPEC D2). */
export const DEFAULT_MAX_DEPTH = 6;

/** Default number of folders read per skill root before the walk stops with a warning (SPEC D2). */
export const DEFAULT_MAX_FOLDERS = 2000;

/** A catalog size limit; when both are set, both must hold (SPEC D8). */
export interface CatalogBudget {
  /** Most tokens the rendered catalog may take (counted with the o200k encoding). */
  readonly tokens?: number;
  /** Most characters (UTF-16 code units) the rendered catalog may take. */
  readonly characters?: number;
}

/**
 * Skilldock settings, read from `<project>/.skilldock/settings.json` and
 * `~/.skilldock/settings.json`; the project file wins key by key (`skills.directories` from the
 * project replaces the user's list, other keys still come from the user file).
 *
 * Keys:
 * - `skills.directories` — extra skill folders searched as project skills, relative to the project
 *   root or absolute (`~/` expands to the home folder). Loaded only in a trusted workspace.
 * - `skills.personalDirectories` — extra personal skill folders, relative to the home folder or
 *   absolute. Read from the user file only: a project cannot add personal sources.
 * - `skills.disabled` — skill ids switched off everywhere (left out of the model's catalog).
 * - `skills.budget` — `{ "tokens"?: number, "characters"?: number }`, the size limit of the
 *   catalog shown to the model; descriptions are shortened, then skills hidden, to fit.
 * - `skills.maxDepth` — deepest folder level searched below a skill root (default 6).
 * - `skills.maxFolders` — folders read per skill root before the walk stops with a warning
 *   (default 2000).
 *
 * Trust is not a setting: it lives in `~/.skilldock/trusted.json` (see `trustWorkspace`).
 * @example
 * { "skills": { "directories": ["tools/skills"], "disabled": ["legacy-deploy"], "budget": { "tokens": 4000 } } }
 */
export interface Settings {
  readonly skills?: SkillSettings;
}

/** The `skills` section of {@link Settings}. */
export interface SkillSettings {
  readonly directories?: readonly string[];
  readonly personalDirectories?: readonly string[];
  readonly disabled?: readonly string[];
  readonly budget?: CatalogBudget;
  readonly maxDepth?: number;
  readonly maxFolders?: number;
}

const budgetSchema = z.strictObject({
  tokens: z.number().int().positive().optional(),
  characters: z.number().int().positive().optional(),
});

const skillSettingsSchema = z.strictObject({
  directories: z.array(z.string().min(1)).optional(),
  personalDirectories: z.array(z.string().min(1)).optional(),
  disabled: z.array(z.string().min(1)).optional(),
  budget: budgetSchema.optional(),
  maxDepth: z.number().int().min(0).max(64).optional(),
  maxFolders: z.number().int().positive().optional(),
});

/** The zod schema of one settings file; unknown keys fail it (callers report them as warnings). */
export const settingsSchema = z.strictObject({
  skills: skillSettingsSchema.optional(),
});

/** Keys of the `skills` section, in documentation order. */
export const SKILL_SETTING_KEYS = [
  'directories',
  'personalDirectories',
  'disabled',
  'budget',
  'maxDepth',
  'maxFolders',
] as const satisfies ReadonlyArray<keyof SkillSettings>;
