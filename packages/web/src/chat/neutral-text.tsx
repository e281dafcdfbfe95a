/**
 * Untrusted text shown as it really is (SPEC SEC10): core's one text neutraliser — the same the
 * CLI prints with — turns every bidi, zero-width and control character into a visible escape
 * (`\u202e`), marked so it cannot be mistaken for text the input really holds. An approval card
 * then shows the command that runs, not one a right-to-left override makes it look like.
 */
import { neutralizeTextParts } from '@skilldock/core/format/browser';
import { Fragment } from 'react';

/** `text` with its unsafe characters as marked escapes. */
export function NeutralText({ text }: { readonly text: string }) {
  return (
    <>
      {neutralizeTextParts(text).map((part, index) =>
        part.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <Fragment key={index}>{part.text}</Fragment>
        ) : (
          <mark
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
            key={index}
            className="sd-neutralized"
            data-testid="neutralized-character"
            title={`U+${part.codePoint.toString(16).toUpperCase().padStart(4, '0')}`}
          >
            {part.text}
          </mark>
        ),
      )}
    </>
  );
}
