import { MAX_FRONTMATTER_BYTES, MAX_SKILL_FILE_BYTES } from '../limits.js';

/**
 * Guards the `skills-ref` profile adds on top of the reference validator. The reference reads any
 * file of any size and recurses without bound; these keep hostile input from hanging or crashing
 * us (issue 2, "hostile input") while leaving every realistic skill untouched.
 */

/** Largest SKILL.md read, in bytes: the core loader's limit. */
export const SKILLS_REF_MAX_FILE_BYTES = MAX_SKILL_FILE_BYTES;

/** Largest frontmatter handed to the YAML reader, in UTF-8 bytes: SPEC S2's 64 KiB in every profile. */
export const SKILLS_REF_MAX_FRONTMATTER_BYTES = MAX_FRONTMATTER_BYTES;

/**
 * Deepest nesting of block mappings and sequences accepted. The reference dies with a Python
 * `RecursionError` a few hundred levels down; we stop far earlier with a YAML error instead.
 */
export const SKILLS_REF_MAX_NESTING_DEPTH = 100;
