import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Diagnostic } from '../format/diagnostic.js';
import type { ExtensionSkillSource } from './types.js';

/** An extension's name: what its skills are prefixed with (`rust:pdf`). */
const EXTENSION_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** One extension folder named in settings, ready for discovery and the subagent registry. */
export interface ExtensionFolder {
  /** The extension's name (its folder's name): the owner prefix of its skills. */
  readonly owner: string;
  /** The extension folder itself. */
  readonly directory: string;
  /** `<folder>/skills`: its skills, registered as `<owner>:<id>`. */
  readonly skillsDirectory: string;
  /** `<folder>/agents`: its agents, shown as extension agents (read-only). */
  readonly agentsDirectory: string;
}

/** What {@link readExtensionFolders} found. */
export interface ExtensionFolders {
  readonly extensions: readonly ExtensionFolder[];
  /** A warning per folder that is missing, unreadable, not a folder or badly named. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * The extension folders of `settings.extensions` (absolute, as `loadSettings` returns them) that
 * exist (SPEC D1, A1). A missing or unreadable folder, a file, or a folder whose name cannot be a
 * skill-id prefix is a warning (`settings_extension_unreadable`, `settings_extension_name_invalid`), never a
 * crash; two folders with the same name keep the first (`settings_extension_duplicate`).
 * @example const { extensions } = await readExtensionFolders(['/home/me/.skilldock/extensions/rust']);
 */
export async function readExtensionFolders(folders: readonly string[]): Promise<ExtensionFolders> {
  const extensions: ExtensionFolder[] = [];
  const diagnostics: Diagnostic[] = [];
  const owners = new Set<string>();
  for (const directory of folders) {
    const owner = basename(directory);
    if (!EXTENSION_NAME.test(owner)) {
      diagnostics.push(
        warning(
          'settings_extension_name_invalid',
          `The extension folder ${directory} is skipped: its name must be letters, digits, "_", "." or "-" (at most 64), as it prefixes its skills.`,
          directory,
        ),
      );
      continue;
    }
    const info = await stat(directory).catch((error: NodeJS.ErrnoException) => error);
    if (info instanceof Error || !info.isDirectory()) {
      const why =
        info instanceof Error
          ? info.code === 'ENOENT'
            ? 'does not exist'
            : 'cannot be read'
          : 'is not a folder';
      diagnostics.push(
        warning(
          'settings_extension_unreadable',
          `The extension folder ${directory} ${why}; its skills and agents are not loaded.`,
          directory,
        ),
      );
      continue;
    }
    if (owners.has(owner.toLowerCase())) {
      diagnostics.push(
        warning(
          'settings_extension_duplicate',
          `The extension folder ${directory} is skipped: an extension named ${owner} is already configured.`,
          directory,
        ),
      );
      continue;
    }
    owners.add(owner.toLowerCase());
    extensions.push({
      owner,
      directory,
      skillsDirectory: join(directory, 'skills'),
      agentsDirectory: join(directory, 'agents'),
    });
  }
  return { extensions, diagnostics };
}

/** The skill sources of the extensions (for `discoverSkills`'s `extensions`). */
export function extensionSkillSources(extensions: readonly ExtensionFolder[]): ExtensionSkillSource[] {
  return extensions.map((extension) => ({ owner: extension.owner, directory: extension.skillsDirectory }));
}

function warning(code: string, message: string, file: string): Diagnostic {
  return { code, severity: 'warning', message, file };
}
