import { z } from '@hono/zod-openapi';
import { UserInputError } from '@skilldock/core/errors';
import { SKILL_ID_PATTERN } from '@skilldock/core/format';
import { assertRemoteUrlAllowed, DEFAULT_ALLOWED_HOSTS, isLoopbackHost } from '@skilldock/core/install';
import { inArray } from 'drizzle-orm';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { settings } from '../db/schema.js';
import {
  DEFAULT_RECOMMENDED_SKILLS,
  DEFAULT_SKILLS_DIRECTORY_URL,
  type RecommendedSkill,
} from './default-recommended-skills.js';

/** The keys of the `settings` rows the install flows read (one JSON value each). */
export const InstallSettingKey = {
  /** `{ allowedHosts: string[] }` (SPEC Y9, P5). */
  allowedHosts: 'remote_skill_source_policy',
  /** `{ skills: RecommendedSkill[] }` (SPEC Y4). */
  recommended: 'install.recommended',
  /** `{ baseUrl: string | null }`: the skills-directory API searched; null turns search off. */
  skillsDirectory: 'install.skills_directory',
} as const;

/** Everything the install flows are configured with, as the admins set it (defaults filled in). */
export interface InstallSettings {
  readonly allowedHosts: readonly string[];
  readonly recommended: readonly RecommendedSkill[];
  readonly skillsDirectoryUrl: string | null;
}

const noControl = /^[^\u0000-\u001f\u007f]*$/;

/** The request schema of `allowed_hosts`: at most 100 host names (checked again by core's rule). */
export const allowedHostsSchema = z.array(z.string().trim().min(1).max(253).regex(noControl)).max(100);

/** The schema of one recommended entry. */
export const recommendedSkillSchema = z
  .object({
    id: z.string().max(64).regex(SKILL_ID_PATTERN),
    name: z.string().trim().min(1).max(100).regex(noControl),
    description: z.string().trim().max(1024).regex(noControl),
    source: z.string().trim().min(1).max(2048).regex(noControl),
  })
  .strict()
  .openapi('RecommendedSkill');

/** The request schema of the recommended list: at most 200 entries, ids unique. */
export const recommendedListSchema = z
  .array(recommendedSkillSchema)
  .max(200)
  .refine((list) => new Set(list.map((entry) => entry.id)).size === list.length, 'ids must be unique');

/** The request schema of the skills-directory base URL (null: search off). */
export const skillsDirectoryUrlSchema = z.string().trim().min(1).max(2048).nullable();

/**
 * `allowed_hosts` as stored: each entry normalised the way core matches hosts (lowercase,
 * punycode, default port dropped).
 * @throws UserInputError `invalid_allowed_host`.
 */
export function normalizeAllowedHosts(hosts: readonly string[]): string[] {
  const normalized = hosts.map((host) => {
    try {
      const url = assertRemoteUrlAllowed(`https://${host}/`, { allowedHosts: [host] });
      if (url.pathname === '/') return url.host;
    } catch (cause) {
      throw invalidHost(host, cause);
    }
    throw invalidHost(host);
  });
  return [...new Set(normalized)];
}

function invalidHost(host: string, cause?: unknown): UserInputError {
  return new UserInputError(
    'invalid_allowed_host',
    `'${host}' is not a host name; write it like 'github.com'.`,
    {
      cause,
      details: { field: 'allowedHosts' },
    },
  );
}

/**
 * The skills-directory base URL as stored: https, or plain http to a loopback address; no
 * credentials, query or fragment; no trailing slash.
 * @throws UserInputError `invalid_url`.
 */
export function normalizeSkillsDirectoryUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch (cause) {
    throw new UserInputError('invalid_url', `'${value}' is not a valid URL.`, {
      cause,
      details: { field: 'baseUrl' },
    });
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  if (!secure || url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '')
    throw new UserInputError(
      'invalid_url',
      'The skills directory must be an https URL (plain http only on loopback) without credentials, query or fragment.',
      { details: { field: 'baseUrl' } },
    );
  return url.href.replace(/\/+$/, '');
}

/** Reads the install settings (one query); what no admin set yet is the default. */
export async function readInstallSettings(
  db: SkilldockDatabase | SkilldockTransaction,
): Promise<InstallSettings> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, Object.values(InstallSettingKey)));
  const value = (key: string) =>
    rows.find((row) => row.key === key)?.value as Record<string, unknown> | undefined;
  const hosts = allowedHostsSchema.safeParse(value(InstallSettingKey.allowedHosts)?.allowedHosts);
  const recommended = recommendedListSchema.safeParse(value(InstallSettingKey.recommended)?.skills);
  const directory = value(InstallSettingKey.skillsDirectory);
  const baseUrl = skillsDirectoryUrlSchema.safeParse(directory?.baseUrl);
  return {
    allowedHosts: hosts.success ? hosts.data : [...DEFAULT_ALLOWED_HOSTS],
    recommended: recommended.success ? recommended.data : DEFAULT_RECOMMENDED_SKILLS,
    skillsDirectoryUrl:
      directory !== undefined && baseUrl.success ? baseUrl.data : DEFAULT_SKILLS_DIRECTORY_URL,
  };
}

/** Writes one setting row in the caller's transaction (insert or replace): the install settings', the run limits'. */
export async function writeSetting(
  tx: SkilldockTransaction,
  key: string,
  value: Record<string, unknown>,
): Promise<void> {
  const updatedAt = new Date();
  await tx
    .insert(settings)
    .values({ key, value, updatedAt })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt } });
}

/**
 * Replaces the install setting `key` with `value` and records `settings.changed` with the
 * setting's `field` before and `after` as given, in one transaction (SPEC Y4, Y9, Y14); returns the
 * install settings as read back.
 */
export async function changeInstallSetting(
  db: SkilldockDatabase,
  actor: AuditActor,
  change: {
    readonly key: (typeof InstallSettingKey)[keyof typeof InstallSettingKey];
    readonly field: keyof InstallSettings;
    readonly value: Record<string, unknown>;
    readonly after: unknown;
  },
): Promise<InstallSettings> {
  return db.transaction(async (tx) => {
    const before = await readInstallSettings(tx);
    await writeSetting(tx, change.key, change.value);
    await recordAudit(tx, {
      actor: actor.viewer,
      action: 'settings.changed',
      targetType: 'setting',
      targetId: change.key,
      details: { before: before[change.field], after: change.after },
      requestId: actor.requestId,
    });
    return readInstallSettings(tx);
  });
}
