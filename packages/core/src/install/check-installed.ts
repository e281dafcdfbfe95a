import { cancelDraft } from './cancel-draft.js';
import {
  type InspectInstalledOptions,
  type InstalledSkillStatus,
  inspectInstalled,
} from './inspect-installed.js';

/** Options of {@link checkInstalled}: the scope, the remote policy, optionally some ids. */
export type CheckInstalledOptions = InspectInstalledOptions;

/**
 * What changed upstream, without installing (SPEC P7): each lock entry's source is prepared again
 * (one fetch per source) and compared with what was installed — project skills by `computedHash`,
 * personal skills by revision. Writes nothing.
 * @example const { skills } = await checkInstalled({ scope: 'project', projectRoot, home })
 * skills.filter((skill) => skill.status === 'changed')
 */
export async function checkInstalled(
  options: CheckInstalledOptions,
): Promise<{ skills: InstalledSkillStatus[] }> {
  const inspection = await inspectInstalled(options);
  await Promise.all(inspection.drafts.map((draft) => cancelDraft(draft)));
  return { skills: inspection.statuses };
}
