import path from 'node:path';
import type { LearnResult } from '@skilldock/agent/learn';
import { pc } from '../terminal-style.js';

/**
 * The review of a learn run (SPEC L1), as lines for the terminal: each new skill's path and its
 * whole `SKILL.md`, what was read and skipped; or why nothing was kept. Text from the source and the
 * model is printed through `Output`, which escapes it (SEC5).
 */
export function describeLearnResult(result: LearnResult, projectRoot: string): string[] {
  const lines: string[] = [];
  const { source } = result;
  const read =
    source.kind === 'files' && source.files.length > 1
      ? `${source.origin} (${source.files.length} files)`
      : source.origin === 'text'
        ? 'your text'
        : source.origin;
  lines.push(pc.dim(`Learned from ${read}${source.truncated ? ', cut to fit' : ''}.`));
  if (source.skipped.length > 0) {
    lines.push(
      pc.dim(`Skipped: ${source.skipped.map((entry) => `${entry.path} (${entry.reason})`).join(', ')}.`),
    );
  }
  if (!result.ok) {
    lines.push(`${pc.red('error')} ${result.message}`);
    return lines;
  }
  for (const skill of result.skills) {
    lines.push(`${pc.green('new skill')} ${skill.name} → ${path.relative(projectRoot, skill.file)}`, '');
    lines.push(
      ...skill.content
        .replace(/\n$/, '')
        .split('\n')
        .map((line) => `  ${line}`),
      '',
    );
  }
  for (const folder of result.edited)
    lines.push(`${pc.yellow('edited')} ${path.relative(projectRoot, folder)}`);
  lines.push(pc.dim('Review it before a session uses it; it has source: learned in its frontmatter.'));
  return lines;
}

/** The `--json` object of a learn run: the skills with paths relative to the project, or the failure. */
export function learnResultJson(result: LearnResult, projectRoot: string): Record<string, unknown> {
  const relative = (file: string) => path.relative(projectRoot, file).split(path.sep).join('/');
  const common = { source: result.source, stats: result.stats };
  if (!result.ok) {
    const { ok, code, message, source: _source, stats: _stats, ...details } = result;
    return { ok, error: { code, message, details }, ...common };
  }
  return {
    ok: true,
    skills: result.skills.map((skill) => ({
      name: skill.name,
      directory: relative(skill.directory),
      file: relative(skill.file),
      content: skill.content,
    })),
    edited: result.edited.map(relative),
    ...common,
  };
}
