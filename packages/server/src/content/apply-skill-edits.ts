import { createHash } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConflictError, SecurityError, UserInputError } from '@skilldock/core/errors';
import {
  editSkillDocument,
  readSkillDocument,
  SKILL_FILE_NAME,
  writeSkillDocument,
} from '@skilldock/core/format';
import { removeInside } from '@skilldock/core/fs';
import { classifyPackageFile } from '@skilldock/core/package';
import './error-codes.js';
import { type ResolvedContentPath, resolveContentPath } from './resolve-content-path.js';
import type { EditContent, SkillEdit } from './skill-edit.js';

/**
 * Applies a save's edits, in order, to `workDirectory` — a private copy of the base (SPEC Y5). Every
 * path goes through `resolveContentPath` (no traversal, no link on the way); names the package
 * would refuse or drop are refused up front (a secret: `secret_in_package`; noise such as
 * `node_modules`: `unsafe_file_path`); a new name that differs from a sibling only by case is
 * `duplicate_entry` (archives and case-insensitive disks cannot hold both).
 * @throws ConflictError `file_changed`, `entry_exists`; UserInputError `path_not_found`,
 *   `wrong_entry_type`, `skill_file_required`, `unsafe_file_path`, `duplicate_entry`, `invalid_skill_document`.
 */
export async function applySkillEdits(workDirectory: string, edits: readonly SkillEdit[]): Promise<void> {
  for (const edit of edits) {
    switch (edit.type) {
      case 'write': {
        const target = await existing(workDirectory, edit.path, 'file');
        if (edit.sha256 !== undefined) {
          const actual = sha256Of(await readFile(target.absolutePath));
          if (actual !== edit.sha256)
            throw new ConflictError(
              'file_changed',
              `${edit.path} changed since it was loaded (expected ${edit.sha256}, it is ${actual}); nothing was saved.`,
              { details: { path: edit.path, expectedSha256: edit.sha256, actualSha256: actual } },
            );
        }
        await writeContent(target, edit.content, edit.executable);
        break;
      }
      case 'create': {
        const target = await creatable(workDirectory, edit.path, false);
        await writeContent(target, edit.content, edit.executable);
        break;
      }
      case 'mkdir': {
        const target = await creatable(workDirectory, edit.path, true);
        await mkdir(target.absolutePath);
        break;
      }
      case 'rename': {
        if (edit.from === SKILL_FILE_NAME) throw skillFileRequired(edit.from);
        const source = await existing(workDirectory, edit.from, 'any');
        if (edit.to === edit.from || edit.to.startsWith(`${edit.from}/`))
          throw new UserInputError('unsafe_file_path', `Cannot move ${edit.from} to ${edit.to}.`, {
            details: { path: edit.to },
          });
        const caseOnly = edit.to.toLowerCase() === edit.from.toLowerCase();
        const target = await creatable(
          workDirectory,
          edit.to,
          source.stats?.isDirectory() ?? false,
          caseOnly,
        );
        await rename(source.absolutePath, target.absolutePath);
        break;
      }
      case 'delete': {
        if (edit.path === SKILL_FILE_NAME) throw skillFileRequired(edit.path);
        const target = await existing(workDirectory, edit.path, 'any');
        await removeInside(target.absolutePath, workDirectory);
        break;
      }
      case 'dependencies':
        await writeDependencies(workDirectory, edit);
        break;
      default:
        throw new UserInputError(
          'unsafe_file_path',
          `Unknown edit ${JSON.stringify((edit as { type: unknown }).type)}.`,
        );
    }
  }
}

/** The `sha256:<hex>` of some bytes, as the tree and the reads report it. */
export function sha256Of(bytes: Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

async function existing(
  root: string,
  relativePath: string,
  kind: 'file' | 'any',
): Promise<ResolvedContentPath> {
  const target = await resolveContentPath(root, relativePath);
  if (target.stats === undefined)
    throw new UserInputError('path_not_found', `${relativePath} does not exist.`, {
      details: { path: relativePath },
    });
  if (kind === 'file' && !target.stats.isFile())
    throw new UserInputError('wrong_entry_type', `${relativePath} is not a file.`, {
      details: { path: relativePath },
    });
  return target;
}

/** A path that can be created: missing, a name the package keeps, no case-folded sibling; parents made. */
async function creatable(
  root: string,
  relativePath: string,
  isDirectory: boolean,
  caseOnlyRename = false,
): Promise<ResolvedContentPath> {
  const target = await resolveContentPath(root, relativePath);
  if (target.stats !== undefined && !caseOnlyRename)
    throw new ConflictError('entry_exists', `${relativePath} already exists.`, {
      details: { path: relativePath },
    });
  const segments = relativePath.split('/');
  for (const [index, segment] of segments.entries()) {
    const prefix = segments.slice(0, index + 1).join('/');
    const classification = classifyPackageFile(prefix, {
      isDirectory: isDirectory || index < segments.length - 1,
      isSymbolicLink: false,
      size: 0,
    });
    if (classification.kind === 'secret')
      throw new SecurityError(
        'secret_in_package',
        `${prefix} would hold a secret (${classification.reason}); secrets never go into a skill.`,
        { details: { path: prefix } },
      );
    if (classification.kind === 'noise')
      throw new UserInputError(
        'unsafe_file_path',
        `${prefix} is left out of every package (${classification.reason}); choose another name.`,
        { details: { path: prefix } },
      );
    const parent = path.join(root, ...segments.slice(0, index));
    const siblings = await readdir(parent).catch(() => [] as string[]);
    const folded = siblings.find((name) => name !== segment && name.toLowerCase() === segment.toLowerCase());
    if (folded !== undefined && !(caseOnlyRename && index === segments.length - 1))
      throw new UserInputError(
        'duplicate_entry',
        `${prefix} differs from ${[...segments.slice(0, index), folded].join('/')} only by case; both cannot be kept.`,
        { details: { path: prefix } },
      );
    if (siblings.includes(segment) || index === segments.length - 1) continue;
    await mkdir(path.join(parent, segment));
  }
  return target;
}

async function writeContent(
  target: ResolvedContentPath,
  content: EditContent,
  executable: boolean | undefined,
): Promise<void> {
  if (typeof content !== 'string' && !(content instanceof Uint8Array))
    throw new UserInputError(
      'unsafe_file_path',
      `The content of ${target.relativePath} is neither text nor bytes.`,
    );
  const mode = (executable ?? (target.stats ? (target.stats.mode & 0o100) !== 0 : false)) ? 0o755 : 0o644;
  // The work folder is private and the path was just resolved without links: a plain write is safe.
  await writeFile(target.absolutePath, content);
  await chmod(target.absolutePath, mode);
}

async function writeDependencies(
  root: string,
  edit: Extract<SkillEdit, { type: 'dependencies' }>,
): Promise<void> {
  const target = await existing(root, SKILL_FILE_NAME, 'file');
  const fields: Record<string, readonly string[]> = {};
  for (const [key, list] of [
    ['tool_dependencies', edit.tools],
    ['mcp_dependencies', edit.mcpServers],
    ['skill_dependencies', edit.skills],
  ] as const) {
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.some((item) => typeof item !== 'string' || item.trim() === ''))
      throw new UserInputError('invalid_skill_document', `${key} must be a list of non-empty names.`, {
        details: { field: key },
      });
    fields[key] = [...new Set(list)];
  }
  const document = readSkillDocument(await readFile(target.absolutePath), SKILL_FILE_NAME);
  await writeFile(target.absolutePath, writeSkillDocument(editSkillDocument(document, { fields })));
}

function skillFileRequired(relativePath: string): UserInputError {
  return new UserInputError(
    'skill_file_required',
    `${relativePath} is the skill's root file; it can be edited but not removed or renamed.`,
    { details: { path: relativePath } },
  );
}
