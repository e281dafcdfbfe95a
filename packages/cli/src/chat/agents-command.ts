import type { AgentWorkspace } from '@skilldock/agent/workspace';
import { pc } from '../terminal-style.js';
import { runAgentsCreateWizard } from './agents-create-wizard.js';
import { runAgentsManagePanel } from './agents-manage-panel.js';
import type { ChatInput } from './chat-input.js';
import { openInEditor } from './open-in-editor.js';

/** Options of {@link runAgentsCommand}. */
export interface AgentsCommandOptions {
  readonly input: Pick<ChatInput, 'ask' | 'suspend'>;
  readonly write: (text: string) => void;
  readonly workspace: AgentWorkspace;
  /** What followed `/agents`: `create`, `manage` (the default) or anything else (help). */
  readonly argument: string;
  /** The environment whose `$VISUAL`/`$EDITOR` opens agent files. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Opens a file in an editor; default {@link openInEditor}. */
  readonly edit?: (file: string) => Promise<number>;
}

/**
 * The chat's `/agents` command (SPEC A8): `/agents create` runs the guided wizard, `/agents` and
 * `/agents manage` the management panel. A handler of its own, so the chat's command table only
 * routes to it.
 */
export async function runAgentsCommand({
  input,
  write,
  workspace,
  argument,
  env,
  edit,
}: AgentsCommandOptions): Promise<void> {
  const action = argument.trim().toLowerCase();
  if (action === 'create') {
    await runAgentsCreateWizard({ input, write, workspace });
    return;
  }
  if (action === '' || action === 'manage') {
    await runAgentsManagePanel({
      input,
      write,
      workspace,
      edit: edit ?? ((file) => openInEditor(file, { env })),
    });
    return;
  }
  write(`${pc.red(`Unknown: /agents ${argument}`)} ${pc.dim('(use /agents create or /agents manage)')}\n`);
}
