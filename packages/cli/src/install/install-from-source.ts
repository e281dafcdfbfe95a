import type { Readable, Writable } from 'node:stream';
import { relativePathInside } from '@skilldock/core/format';
import type { InstallDraft } from '@skilldock/core/install';
import { type CliContext, createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { escapeTerminalLine } from '../escape-terminal-text.js';
import { ExitCode } from '../exit-codes.js';
import { loadCore } from '../load-core.js';
import { type Output, renderDiagnostic } from '../output.js';
import { pc } from '../terminal-style.js';
import { tokenForAdd } from './choose-source-token.js';
import { draftFailureJson, draftSkillJson, sourceJson } from './install-json.js';
import { type InstallCommandOptions, parseListOption } from './install-options.js';
import { readInstallSettings } from './read-install-settings.js';
import { renderDraft, renderDraftFailures } from './render-draft.js';

/**
 * `skills add` and `skills import`: core's `installFromSource` with the terminal's parts — prepare
 * the source, show the draft, choose skills (a prompt only on a terminal without --yes), then
 * confirm into the targets. The draft is always removed.
 */
export async function installFromSource(
  input: string,
  options: InstallCommandOptions,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
  { archiveOnly = false, stagingParent }: { archiveOnly?: boolean; stagingParent: string },
): Promise<void> {
  const core = await loadCore('errors', 'install');
  const context = await createCliContext(environment, options);
  const agentEnvironment = {
    projectRoot: context.projectRoot,
    home: context.homeDirectory,
    env: context.env,
  };
  const agents = parseListOption(options.agent);
  // Check agent ids before fetching anything: a typo should not cost a clone.
  if (agents !== undefined) core.resolveAgentSelection(agents, agentEnvironment);
  const skills = parseListOption(options.skill);
  const settings = await readInstallSettings(context.homeDirectory, output);
  const policy = {
    allowedHosts: settings.allowedHosts,
    allowHosts: options.allowHost ?? [],
    allowInsecureLocalhost: options.allowInsecureLocalhost ?? false,
  };
  const source = core.resolveSource(input, {
    cwd: context.cwd,
    homeDirectory: context.homeDirectory,
    ...policy,
  });
  if (archiveOnly && source.type !== 'archive') {
    throw new core.UserInputError(
      'not_an_archive',
      `${input} is not a .zip, .tar.gz or .tgz archive; use skilldock skills add for other sources`,
    );
  }
  // Chosen before anything is fetched: a missing variable should not cost a download.
  const token = tokenForAdd(core, source, {
    tokenEnv: options.tokenEnv,
    tokenEnvByOrigin: settings.tokenEnvByOrigin,
    env: context.env,
  });
  const interactive =
    environment.terminal.stdin && environment.terminal.stdout && !options.yes && !options.json;
  // Prompts talk to this invocation's terminal.
  const terminal = interactive
    ? { input: environment.stdin as Readable, output: environment.stdout as Writable }
    : undefined;
  const scope = options.global ? 'global' : 'project';
  const requestedMode = options.copy ? 'copy' : 'symlink';
  let preselected: string[] | '*' | undefined;
  const outcome = await core.installFromSource(source, {
    prepare: {
      cwd: context.cwd,
      ...(token === undefined ? {} : { token }),
      env: context.env,
      stagingParent,
      ...policy,
      ...(skills === undefined ? {} : { skills }),
    },
    run: (step, work, { count }) =>
      output.spin(step === 'prepare' ? `Fetching ${input}` : `Installing ${count} skill(s)`, work),
    review: async (draft) => {
      if (options.list) {
        if (options.json)
          output.json({
            source: sourceJson(draft),
            skills: draft.skills.map(draftSkillJson),
            failed: draft.failed.map(draftFailureJson),
          });
        else output.out(listing(draft));
        return 'stop';
      }
      // Without a terminal nothing can be chosen later: a missing --skill fails before the review.
      preselected = interactive ? undefined : await chooseSkills(draft, skills, options, undefined);
      if (!options.json) output.out(renderDraft(draft));
      if (draft.skills.length === 0) {
        throw new core.UserInputError(
          'no_installable_skills',
          `Nothing to install: ${input} holds no valid skill (${draft.failed.length} could not be prepared${options.json ? '' : ', see above'}).`,
          { details: { failed: draft.failed.map(draftFailureJson) } },
        );
      }
      return 'continue';
    },
    select: async (draft) => {
      const ids = preselected ?? (await chooseSkills(draft, skills, options, terminal));
      if (ids === undefined || terminal === undefined) return ids;
      const mode = core.resolveInstallMode(
        core.resolveAgentSelection(agents, agentEnvironment),
        requestedMode,
      );
      const { confirm, isCancel } = await import('@clack/prompts');
      const count = ids === '*' ? draft.skills.length : ids.length;
      const answer = await confirm({
        message: `Install ${count} skill(s) into the ${scope} folders (${mode})?`,
        ...terminal,
      });
      return isCancel(answer) || !answer ? undefined : ids;
    },
    confirm: {
      scope,
      mode: requestedMode,
      projectRoot: context.projectRoot,
      home: context.homeDirectory,
      env: context.env,
      ...(agents === undefined ? {} : { agents }),
    },
  });
  if (outcome.status === 'stopped') {
    if (options.list) setExitCode(ExitCode.ok);
    else cancelled(output, setExitCode);
    return;
  }
  const { draft, result } = outcome;
  if (options.json) {
    output.json({
      source: sourceJson(draft),
      scope,
      mode: result.mode,
      agents: result.agents,
      installed: result.installed.map((skill) => ({ ...skill, skipped: [...skill.skipped] })),
      failed: draft.failed.map(draftFailureJson),
      lock: result.lock,
      warnings: result.warnings,
    });
  } else {
    const lines = [
      '',
      pc.green(
        `Installed ${result.installed.length} skill(s) (${scope}, ${result.mode}) for ${result.agents.join(', ')}`,
      ),
    ];
    for (const skill of result.installed) {
      lines.push(`  ${pc.cyan(skill.id)}  ${skill.paths.map((item) => shortPath(item, context)).join(', ')}`);
      for (const skipped of skill.skipped)
        lines.push(pc.dim(`    skipped ${skipped.agent}: ${skipped.reason}`));
    }
    lines.push(pc.dim(`Lock: ${shortPath(result.lock, context)}`));
    for (const warning of result.warnings) lines.push(`${pc.yellow('warning')} ${warning}`);
    output.out(lines.join('\n'));
  }
  setExitCode(ExitCode.ok);
}

async function chooseSkills(
  draft: InstallDraft,
  skills: string[] | '*' | undefined,
  options: InstallCommandOptions,
  terminal: { input: Readable; output: Writable } | undefined,
): Promise<string[] | '*' | undefined> {
  if (skills !== undefined) return skills;
  if (draft.skills.length <= 1 || options.yes) return '*';
  if (terminal !== undefined) {
    const { isCancel, multiselect } = await import('@clack/prompts');
    const selected = await multiselect({
      message: 'Select skills to install',
      options: draft.skills.map((skill) => ({
        value: skill.id,
        label: skill.id,
        hint: skill.description.slice(0, 60),
      })),
      required: true,
      ...terminal,
    });
    return isCancel(selected) ? undefined : selected;
  }
  const { UserInputError } = await loadCore('errors');
  throw new UserInputError(
    'skill_selection_required',
    `${draft.source.input} holds ${draft.skills.length} skills (${draft.skills.map((skill) => skill.id).join(', ')}); pass --skill NAME… to choose, or --skill '*' (or --yes) for all`,
    { details: { available: draft.skills.map((skill) => skill.id) } },
  );
}

function listing(draft: InstallDraft): string {
  const lines = [pc.bold(`${draft.source.input}: ${draft.skills.length} skill(s)`)];
  for (const skill of draft.skills) {
    lines.push(
      `  ${pc.cyan(escapeTerminalLine(skill.id))}  ${pc.dim(escapeTerminalLine(skill.description.replace(/\s+/g, ' ')))}`,
    );
    for (const diagnostic of skill.diagnostics) lines.push(`  ${renderDiagnostic(diagnostic)}`);
  }
  lines.push(...renderDraftFailures(draft.failed));
  lines.push(pc.dim("Install with --skill NAME… or --skill '*'"));
  return lines.join('\n');
}

function cancelled(output: Output, setExitCode: (code: number) => void): void {
  output.error('Installation cancelled; nothing was written.');
  setExitCode(ExitCode.ok);
}

/** `.agents/skills/pdf` inside the project, `~/…` inside the home folder, else absolute. */
export function shortPath(
  target: string,
  context: Pick<CliContext, 'projectRoot' | 'homeDirectory'>,
): string {
  const inProject = relativePathInside(context.projectRoot, target);
  if (inProject !== undefined) return inProject;
  const inHome = relativePathInside(context.homeDirectory, target);
  return inHome === undefined ? target : `~/${inHome}`;
}
