import path from 'node:path';
import type { CuratorRunReport, CuratorStatus } from '@skilldock/agent/curator';
import { pc } from '../terminal-style.js';
import type { CuratorOutcome } from './curator-actions.js';

/** The text a person reads for an outcome; paths are shown relative to `projectRoot`. */
export function renderCuratorOutcome(outcome: CuratorOutcome, projectRoot: string): string {
  switch (outcome.kind) {
    case 'status':
      return renderStatus(outcome.status, projectRoot);
    case 'run':
      return renderRun(outcome.report, projectRoot);
    case 'restore':
      return `${pc.green('restored')} ${pc.cyan(outcome.name)} → ${path.relative(projectRoot, outcome.directory ?? '')}`;
    default:
      return `${pc.green(outcome.kind === 'pin' ? 'pinned' : 'unpinned')} ${pc.cyan(outcome.name)}${outcome.pinned ? pc.dim(' (it never ages)') : pc.dim(' (it ages again from now)')}`;
  }
}

function renderStatus(status: CuratorStatus, projectRoot: string): string {
  const lines = [
    `${pc.bold('Generated skills')} in ${path.relative(projectRoot, status.skillsDirectory) || '.'}; archive ${path.relative(projectRoot, status.archiveDirectory)}`,
    pc.dim(
      `last run: ${status.lastRunAt ?? 'never'}${status.maintenanceDue ? ' (maintenance due)' : ''} · state ${path.relative(projectRoot, status.stateFile)}`,
    ),
  ];
  if (status.skills.length === 0) lines.push(pc.dim('(no generated skills)'));
  for (const skill of status.skills) {
    const idle = skill.age === undefined ? '' : ` idle ${skill.age.inactiveDays}d`;
    const becomes =
      skill.age !== undefined && skill.age.state !== skill.state
        ? pc.yellow(` → ${skill.age.state} on the next run`)
        : '';
    lines.push(
      `  ${pc.cyan(skill.name)}  ${skill.state}${skill.pinned ? ' pinned' : ''}${idle}  uses ${skill.useCount}${skill.record?.lastUsed === undefined ? '' : ` (last ${skill.record.lastUsed})`}${becomes}`,
    );
  }
  return lines.join('\n');
}

function renderRun(report: CuratorRunReport, projectRoot: string): string {
  const lines = [
    report.dryRun ? pc.bold('Dry run: nothing was changed') : pc.bold(`Curator run at ${report.ranAt}`),
  ];
  if (report.changes.length === 0 && report.forgotten.length === 0) lines.push(pc.dim('(no changes)'));
  for (const change of report.changes) {
    const what =
      change.from === 'new'
        ? 'newly seen: recorded, its grace period starts'
        : `${change.from} → ${change.to}`;
    const idle = change.inactiveDays > 0 ? pc.dim(` (idle ${change.inactiveDays}d)`) : '';
    const blocked =
      change.blocked === 'archive_occupied'
        ? pc.yellow(' — not archived: a folder of that name is already in the archive')
        : '';
    lines.push(`  ${pc.cyan(change.name)}  ${what}${idle}${blocked}`);
  }
  for (const name of report.forgotten) lines.push(`  ${pc.dim(`${name}: folder gone, record dropped`)}`);
  if (report.moves.length > 0)
    lines.push(
      `${report.dryRun ? 'Would archive' : 'Archived'} ${report.moves.length} to ${path.relative(projectRoot, report.archiveDirectory)}/ (nothing deleted; \`skilldock curator restore NAME\` brings one back)`,
    );
  return lines.join('\n');
}
