import path from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { computeDirectoryRevision } from '@skilldock/core/package';
import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import { HttpError } from '../http/http-error.js';
import { requirePrincipal } from '../http/require-viewer.js';
import { loadSkillAccess } from '../policy/load-skill-access.js';
import { canOnSkill } from '../policy/skill-access.js';
import type { ServerContext } from '../server-context.js';
import type { EditableSkill } from '../skill-content/editable-skill.js';
import { personalEditableSkill } from '../skill-content/personal-editable-skill.js';
import { sharedEditableSkill } from '../skill-content/shared-editable-skill.js';
import { hiddenRootsOf, type SkillContentContext } from '../skill-content/skill-content-context.js';
import { loadSkillContentRef } from '../skill-content/skill-records.js';
import { registerContentEditRoutes } from './content-edit-routes.js';

function readOnly(id: string, directory: string): EditableSkill {
  const refuse = () => Promise.reject(new HttpError(403, 'forbidden', 'You may not edit this skill'));
  return {
    id,
    directory,
    currentRevision: () => computeDirectoryRevision(directory),
    save: refuse,
    writeFile: refuse,
  };
}

/**
 * The editor's routes (SPEC Y5) for shared skills — `/api/skills/{id}/tree|files/*|save|export`,
 * reads for whoever may read the skill, writes for its managers (the policy's `edit`), builtins
 * read-only — and for the caller's own personal skills — `/api/personal-skills/{id}/…`, found from
 * the caller's id alone, so another user's are 404. Answers follow the skill routes: not readable
 * → 404, readable but not editable → 403.
 */
export function registerSkillEditRoutes(
  app: OpenAPIHono<AppEnv>,
  context: ServerContext,
  content: SkillContentContext,
): void {
  const { db } = context.database;
  const { layout } = content;
  const hiddenRoots = hiddenRootsOf(content);

  async function sharedSkill(
    c: Context<AppEnv>,
    id: string,
    action: 'read' | 'edit',
  ): Promise<EditableSkill> {
    const { viewer } = requirePrincipal(c);
    const access = await loadSkillAccess(db, id);
    if (access === null || access.kind === 'agent-bound' || !canOnSkill(viewer, 'read', access))
      throw new HttpError(404, 'not_found', 'No such skill');
    if (action === 'edit' && !canOnSkill(viewer, 'edit', access))
      throw new HttpError(403, 'forbidden', 'You may not edit this skill');
    const contentRef = await loadSkillContentRef(db, id);
    if (access.kind === 'builtin') {
      const directory = path.join(content.builtinDirectory, id);
      return readOnly(id, directory);
    }
    if (contentRef === null || contentRef === undefined)
      throw new HttpError(404, 'not_found', 'This skill has no content yet');
    return sharedEditableSkill(db, layout, id, contentRef);
  }

  registerContentEditRoutes(app, {
    basePath: '/api/skills',
    operationNoun: 'Skill',
    tag: 'skill content',
    what: 'shared or builtin skill',
    layout,
    hiddenRoots,
    history: true,
    resolve: sharedSkill,
  });
  registerContentEditRoutes(app, {
    basePath: '/api/personal-skills',
    operationNoun: 'PersonalSkill',
    tag: 'personal skill content',
    what: 'personal skill of mine',
    layout,
    hiddenRoots,
    history: true,
    resolve: async (c, id) => {
      const { viewer } = requirePrincipal(c);
      try {
        return await personalEditableSkill(db, layout, viewer.id, id);
      } catch (error) {
        // A missing folder, or a link planted where it should be: nothing of mine is there.
        if ((error as { code?: string }).code === 'path_not_found')
          throw new HttpError(404, 'not_found', 'No such personal skill');
        throw error;
      }
    },
  });
}
