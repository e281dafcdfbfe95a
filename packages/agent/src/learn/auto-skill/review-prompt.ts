import path from 'node:path';
import { AUTO_SKILL_PREFIX } from './auto-skill-paths.js';

/** The system prompt of every auto-skill review run (SPEC L2). */
export const AUTO_SKILL_REVIEW_SYSTEM_PROMPT = `You review a finished stretch of an agent session and decide whether it holds a reusable procedure worth keeping as an Agent Skill.
You can read files in the project and write only new skill folders named ${AUTO_SKILL_PREFIX}<name> in the folder you are given, or files of skills you generated earlier (marked source: auto-skill). Every other write, and every command, is refused.
Most sessions hold nothing worth a skill: then write nothing and answer NO_SKILL.`;

/** A skill the review must know of, to avoid writing it again. */
export interface ReviewCatalogEntry {
  readonly id: string;
  readonly description: string;
  /** `auto-skill` for skills this review may edit. */
  readonly source?: 'learned' | 'auto-skill';
}

/** What {@link autoSkillReviewPrompt} is built from. */
export interface AutoSkillReviewPromptInput {
  /** The session so far, as {@link renderReviewTranscript} renders it. */
  readonly transcript: string;
  /** Every skill the session sees, and proposals waiting for review. */
  readonly catalog: readonly ReviewCatalogEntry[];
  /** The folder new skills go to, relative to the project root. */
  readonly directory: string;
  /** The review's time, for `extracted_at`. */
  readonly now: Date;
}

/**
 * The task the review agent gets (SPEC L2): first the catalog, with the instruction to check
 * whether an existing skill already covers the procedure (and to improve its own auto skill rather
 * than add a second), then the exact file shape, then the transcript.
 */
export function autoSkillReviewPrompt({
  transcript,
  catalog,
  directory,
  now,
}: AutoSkillReviewPromptInput): string {
  const skills =
    catalog.length === 0
      ? '(none)'
      : catalog
          .map(
            (skill) =>
              `- ${skill.id}${skill.source === 'auto-skill' ? ' [auto-skill: you may edit it]' : ''}: ${skill.description.replace(/\s+/g, ' ')}`,
          )
          .join('\n');
  const folder = directory.split(path.sep).join('/');
  return `## Existing skills
${skills}

## What to do
1. Read the session below. Find a procedure that worked and will come up again (several steps, a tool sequence, a fix that took effort). One-off work, chit-chat and failed attempts are not skills.
2. Check the existing skills first. If one already covers the procedure, write nothing new: at most improve a skill marked [auto-skill] with edit, and say which.
3. Otherwise create exactly one file ${folder}/${AUTO_SKILL_PREFIX}<name>/SKILL.md with write_file, where <name> is a few lowercase words joined by hyphens and not an existing name. Its content:
---
name: ${AUTO_SKILL_PREFIX}<name>
description: <what it does and when to use it, one or two sentences>
source: auto-skill
extracted_at: ${now.toISOString()}
---
## When to use
## Procedure
## Pitfalls
4. Answer with one line: the skill folder you wrote or edited, or NO_SKILL.

## The session
${transcript}`;
}
