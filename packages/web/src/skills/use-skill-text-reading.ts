import { pinyinAvailable, providePinyin } from '@skilldock/core/format/browser';
import { useEffect, useMemo, useState } from 'react';
import { readSkillText, type SkillTextReading } from './frontmatter-diagnostics';

/** Loads pinyin-pro (a large dictionary, its own chunk) and hands it to core's id derivation. */
async function loadPinyin(): Promise<void> {
  const { pinyin } = await import('pinyin-pro');
  providePinyin(pinyin);
}

/**
 * The live check of a SKILL.md text (`readSkillText`), null while there is none. A Chinese name
 * needs pinyin to derive its id, which the page loads only then: the check says "on save" until
 * it has loaded, then runs again (and stays "on save" if loading failed; the server still checks).
 */
export function useSkillTextReading(text: string | undefined): SkillTextReading | null {
  const [pinyinLoaded, setPinyinLoaded] = useState(pinyinAvailable);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again once pinyin has loaded
  const reading = useMemo(() => (text === undefined ? null : readSkillText(text)), [text, pinyinLoaded]);
  const wanted = reading?.checked === false && !pinyinLoaded;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadPinyin().then(
      () => {
        if (live) setPinyinLoaded(true);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return reading;
}
