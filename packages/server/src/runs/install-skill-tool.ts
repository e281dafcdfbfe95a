import { type AgentTool, defineAgentTool, errorResult, textResult } from '@skilldock/agent/tools';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { PLATFORM_TOOL_NAMES } from '../agents/platform-tool-names.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Viewer } from '../auth/principal.js';
import { cancelContentDraft, contentLayout } from '../content/index.js';
import type { SkilldockDatabase } from '../db/database.js';
import { drafts } from '../db/schema.js';
import type { InstallContext } from '../install/install-options.js';
import { prepareRemoteInstall } from '../install/prepare-remote-install.js';
import { errorFacts, type StoredRunEvent } from './stored-run-event.js';

/** The tool's name, as an agent lists it among its tools. */
export const INSTALL_SKILL_TOOL = PLATFORM_TOOL_NAMES[0];

/** What the `install_skill` tool of one run needs. */
export interface InstallSkillToolInput {
  readonly db: SkilldockDatabase;
  readonly install: InstallContext;
  /** The run's user: the draft is theirs, and only they can confirm it. */
  readonly viewer: Viewer;
  readonly runId: string;
  /** Where the run's events go (the web shows the notice with the draft). */
  readonly push: (event: StoredRunEvent) => void;
}

const schema = z
  .object({
    source: z
      .string()
      .trim()
      .min(1)
      .max(2048)
      .describe(
        'Where the skill comes from: a GitHub repository (owner/repo, owner/repo/path, owner/repo@skill), a git URL, a ModelScope skill or collection URL, or a site with /.well-known/agent-skills/',
      ),
    skills: z
      .array(z.string().min(1).max(128))
      .min(1)
      .max(100)
      .optional()
      .describe('Only these skills of the source (by name); default every skill it holds'),
  })
  .strict();

const DESCRIPTION = [
  'Prepare a skill from a remote source for the user to install (like `npx skills add <source> -g -y`).',
  'It never installs by itself: it fetches the skill into an install draft the user reviews and confirms in Skilldock (Skills → drafts) within an hour.',
  "Only the hosts the administrators allow can be used. Once the user confirmed, the skill is one of their personal skills and appears in this run's skill list at the next turn.",
].join('\n');

/** Cancels a draft the tool prepared (its staged content and row), audited as the user's. */
async function discardDraft(input: InstallSkillToolInput, id: string, source: string): Promise<void> {
  await cancelContentDraft(contentLayout(input.install.dataDir), id);
  await input.db.transaction(async (tx) => {
    await tx.delete(drafts).where(eq(drafts.id, id));
    await recordAudit(tx, {
      actor: input.viewer,
      action: 'draft.cancelled',
      targetType: 'draft',
      targetId: id,
      details: { source, reason: 'no_skill_prepared' },
      requestId: `run:${input.runId}`,
    });
  });
}

/**
 * The `install_skill` tool of a platform run (issue 26, seed 002: an agent installs a skill for its
 * user, `npx skills add <source> -g -y`): a remote source prepared as a personal-skill DRAFT of the
 * run's user through the same code as `POST /api/install/drafts/remote` (`prepareRemoteInstall`:
 * the admins' `allowed_hosts`, the P3 archive and size checks, the S4 id rules), never installed
 * directly — the user confirms the draft, as any other. A `run-notice` event carries the draft's id
 * and skills, so the web app can point at it. A refused source is an error result with the
 * refusal's code (a source whose every skill is refused, `no_skill_prepared`, leaves no empty
 * draft behind); the run goes on. It needs no approval (kind `read`): it writes nothing the user
 * has not yet confirmed, and a draft expires on its own.
 */
export function installSkillTool(input: InstallSkillToolInput): AgentTool {
  return defineAgentTool({
    name: INSTALL_SKILL_TOOL,
    description: DESCRIPTION,
    kind: 'read',
    schema,
    execute: async ({ source, skills }) => {
      try {
        const draft = await prepareRemoteInstall(input.db, input.install, {
          viewer: input.viewer,
          requestId: `run:${input.runId}`,
          source,
          ...(skills === undefined ? {} : { skills }),
        });
        const ids = draft.skills.map((skill) => skill.id);
        const failed = draft.failed.map((failure) => `${failure.sourcePath}: ${failure.code}`).slice(0, 10);
        if (ids.length === 0) {
          // Nothing the user could confirm (every entry refused): no empty draft is left behind.
          await discardDraft(input, draft.id, draft.source.lockSource);
          return errorResult(
            `The install was refused (no_skill_prepared): nothing in ${draft.source.lockSource} could be prepared. ${failed.join('; ')}`,
          );
        }
        input.push({
          type: 'run-notice',
          data: {
            message: `A skill install draft is ready for you to confirm: ${ids.join(', ') || 'no skill'} from ${draft.source.lockSource}.`,
            installDraft: {
              id: draft.id,
              source: draft.source.lockSource,
              skills: ids,
              failed: draft.failed.length,
              expiresAt: draft.expiresAt,
            },
          },
        });
        return textResult(
          [
            `Prepared install draft ${draft.id} from ${draft.source.lockSource} with ${ids.length} skill(s): ${ids.join(', ') || 'none'}.`,
            'Nothing is installed yet: ask the user to review and confirm the draft in Skilldock (Skills → drafts) before it expires.',
            ...(failed.length > 0 ? [`Not prepared: ${failed.join('; ')}`] : []),
            ...draft.warnings.slice(0, 10),
          ].join('\n'),
        );
      } catch (error) {
        const { code, message } = errorFacts(error);
        return errorResult(`The install was refused (${code}): ${message}`);
      }
    },
  });
}
