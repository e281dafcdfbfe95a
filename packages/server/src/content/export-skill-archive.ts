import path from 'node:path';
import { assertSafeSkillId } from '@skilldock/core/fs';
import { type BundleFormat, packSkill } from '@skilldock/core/package';
import type { ContentLayout } from './content-layout.js';
import { copyContentTree } from './copy-content-tree.js';
import { createWorkFolder } from './work-folder.js';

/** An exported skill. */
export interface ExportedSkill {
  /** Suggested download name, `<id>.zip` or `<id>.tar.gz`. */
  readonly fileName: string;
  readonly bytes: Buffer;
  readonly warnings: readonly string[];
}

/**
 * Exports a skill folder as the P2 bundle (SPEC Y5, W2 "export ZIP"): deterministic bytes with the
 * skill id as the top folder, secrets, links and special files refused (`secret_in_package`,
 * `symlink_refused`, …), never a bundle the import would refuse. The folder is copied first
 * without following any link.
 * @example const { fileName, bytes } = await exportSkillArchive(layout, folder, 'pdf');
 */
export async function exportSkillArchive(
  layout: ContentLayout,
  directory: string,
  skillId: string,
  format: BundleFormat = 'zip',
): Promise<ExportedSkill> {
  const id = assertSafeSkillId(skillId);
  const work = await createWorkFolder(layout);
  try {
    const folder = path.join(work.directory, id);
    await copyContentTree(directory, folder);
    const packed = await packSkill(folder, { format });
    return {
      fileName: `${id}.${format === 'zip' ? 'zip' : 'tar.gz'}`,
      bytes: packed.bytes!,
      warnings: packed.warnings,
    };
  } finally {
    await work.dispose();
  }
}
