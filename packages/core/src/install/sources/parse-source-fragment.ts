import { UserInputError } from '../../errors.js';

/** A source string split at `#`: `owner/repo#v1.2@pdf` → base `owner/repo`, ref `v1.2`, skill `pdf`. */
export interface SourceFragment {
  readonly base: string;
  readonly ref?: string;
  readonly skill?: string;
}

/** What a branch, tag or commit name may look like; never an option (`-…`) and never `..`. */
const REF_PATTERN = /^(?!-)(?!.*\.\.)[A-Za-z0-9._/+-]+$/;

/**
 * Splits the `#ref[@skill]` suffix the `skills` CLI accepts after a git source (SPEC P4). The ref is
 * checked so that it can never reach `git` as an option.
 * @throws UserInputError `invalid_ref` for a ref such as `--upload-pack=…`.
 */
export function parseSourceFragment(text: string): SourceFragment {
  const hashIndex = text.indexOf('#');
  if (hashIndex < 0) return { base: text };
  const fragment = text.slice(hashIndex + 1);
  const base = text.slice(0, hashIndex);
  if (fragment === '') return { base };
  const atIndex = fragment.indexOf('@');
  const ref = decode(atIndex < 0 ? fragment : fragment.slice(0, atIndex));
  const skill = atIndex < 0 ? '' : decode(fragment.slice(atIndex + 1));
  if (ref !== '') assertValidRef(ref);
  return { base, ...(ref === '' ? {} : { ref }), ...(skill === '' ? {} : { skill }) };
}

/**
 * Refuses a git ref that could be read as an option or that git itself would reject.
 * @throws UserInputError `invalid_ref`.
 */
export function assertValidRef(ref: string): void {
  if (!REF_PATTERN.test(ref) || ref.endsWith('/') || ref.endsWith('.lock'))
    throw new UserInputError('invalid_ref', `'${ref}' is not a valid branch, tag or commit name.`, {
      details: { field: 'ref' },
    });
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
