import type { AgentWorkspace } from '@skilldock/agent/workspace';
import { shorten } from '../agent/describe-tool-call.js';
import { loadCore } from '../load-core.js';
import { pc } from '../terminal-style.js';
import type { ChatInput } from './chat-input.js';

/** One row of the panel. */
interface PanelEntry {
  readonly id: string;
  readonly description: string;
  readonly disabled: boolean;
}

/** Options of {@link runSkillsPanel}. */
export interface SkillsPanelOptions {
  readonly input: ChatInput;
  readonly write: (text: string) => void;
  readonly workspace: AgentWorkspace;
  readonly query?: string;
}

const HELP =
  'Type to search · a number switches that skill on/off · "run N [arguments]" launches it · Enter closes';

/**
 * `/skills`: browse the resolved skills, fuzzy-search them (fuzzysort, on id and description),
 * switch one on or off — saved as `skills.disabled` in the project's `.skilldock/settings.json`,
 * announced to the model as a change signal (R7) — and launch one. Returns the `/<id> [arguments]`
 * line to run when the user launched a skill.
 */
export async function runSkillsPanel({
  input,
  write,
  workspace,
  query = '',
}: SkillsPanelOptions): Promise<string | undefined> {
  const { default: fuzzysort } = await import('fuzzysort');
  let search = query;
  for (;;) {
    const entries = panelEntries(workspace);
    const shown =
      search === ''
        ? entries
        : fuzzysort
            .go(search, entries, { keys: ['id', 'description'], threshold: 0.3 })
            .map((result) => result.obj);
    write(
      `${pc.bold(`Skills${search === '' ? '' : ` matching "${search}"`}`)} ${pc.dim(`(${shown.length} of ${entries.length})`)}\n`,
    );
    const width = Math.max(0, ...shown.map((entry) => entry.id.length));
    shown.forEach((entry, index) => {
      const mark = entry.disabled ? pc.dim('○ off') : pc.green('● on ');
      const number = String(index + 1).padStart(3);
      write(`${number}  ${mark}  ${entry.id.padEnd(width)}  ${pc.dim(shorten(entry.description, 70))}\n`);
    });
    if (shown.length === 0) write(pc.dim('  (no skill matches)\n'));
    write(pc.dim(`${HELP}\n`));
    const answer = (await input.ask('skills › '))?.trim();
    if (answer === undefined || answer === '') return undefined;
    const launch = /^run\s+(\d+)(?:\s+(.*))?$/.exec(answer);
    const picked = (text: string | undefined) => shown[Number(text) - 1];
    if (launch !== null) {
      const entry = picked(launch[1]);
      if (entry === undefined) write(pc.red(`No skill number ${launch[1]} in the list.\n`));
      else if (entry.disabled) write(pc.red(`${entry.id} is off; switch it on first.\n`));
      else return `/${entry.id}${launch[2] ? ` ${launch[2]}` : ''}`;
      continue;
    }
    if (/^\d+$/.test(answer)) {
      const entry = picked(answer);
      if (entry === undefined) {
        write(pc.red(`No skill number ${answer} in the list.\n`));
        continue;
      }
      try {
        const { setSkillDisabled } = await loadCore('discover');
        const file = await setSkillDisabled({
          projectRoot: workspace.projectRoot,
          homeDirectory: workspace.homeDirectory,
          skillId: entry.id,
          disabled: !entry.disabled,
        });
        await workspace.refreshCatalog();
        write(
          `${entry.id} is now ${entry.disabled ? pc.green('on') : pc.dim('off')} ${pc.dim(`(saved in ${file})`)}\n`,
        );
      } catch (error) {
        write(pc.red(`${(error as Error).message}\n`));
      }
      continue;
    }
    search = answer;
  }
}

function panelEntries(workspace: AgentWorkspace): PanelEntry[] {
  const snapshot = workspace.watcher.snapshot;
  const disabled = new Set(snapshot?.disabled ?? []);
  const byId = new Map<string, PanelEntry>();
  // Discovery lists every skill highest precedence first: the first of an id is the one in effect.
  for (const skill of workspace.watcher.discovery?.skills ?? []) {
    if (!byId.has(skill.id))
      byId.set(skill.id, { id: skill.id, description: skill.description, disabled: disabled.has(skill.id) });
  }
  return [...byId.values()].sort((first, second) =>
    first.id < second.id ? -1 : first.id > second.id ? 1 : 0,
  );
}
