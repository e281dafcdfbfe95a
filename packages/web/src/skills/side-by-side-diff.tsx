import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { lineDiff, sideBySide } from './line-diff';
import type { SkillFile } from './skill-content-api';
import './skills.css';

/** A file's text for the diff: empty when the file is not on that side, null when it is binary. */
export function diffText(file: SkillFile | undefined): string | null {
  if (file === undefined) return '';
  return file.encoding === 'utf8' ? file.content : null;
}

/** Props of {@link SideBySideDiff}: each side's text, null when that side is a binary file. */
export interface SideBySideDiffProps {
  readonly before: string | null;
  readonly after: string | null;
  /** The table's caption (what is compared). */
  readonly caption: string;
  readonly beforeLabel: string;
  readonly afterLabel: string;
}

/**
 * Two texts as a two-column line diff (removed lines left, added lines right), or a sentence when a
 * side is binary or both are the same. Used by the skills' history and the bound skills' versions.
 */
export function SideBySideDiff({ before, after, caption, beforeLabel, afterLabel }: SideBySideDiffProps) {
  const { t } = useTranslation();
  if (before === null || after === null) return <Text size="sm">{t('history.binary')}</Text>;
  if (before === after) return <Text size="sm">{t('history.same')}</Text>;
  return (
    <div className="side-diff">
      <table>
        <caption className="side-diff-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{beforeLabel}</th>
            <th scope="col">{afterLabel}</th>
          </tr>
        </thead>
        <tbody>
          {sideBySide(lineDiff(before, after)).map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a diff's rows have no identity but their place
            <tr key={index}>
              <td className={row.left === null ? 'side-diff-empty' : `side-diff-${row.left.kind}`}>
                {row.left === null ? '' : `${row.left.kind === 'removed' ? '- ' : '  '}${row.left.text}`}
              </td>
              <td className={row.right === null ? 'side-diff-empty' : `side-diff-${row.right.kind}`}>
                {row.right === null ? '' : `${row.right.kind === 'added' ? '+ ' : '  '}${row.right.text}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
