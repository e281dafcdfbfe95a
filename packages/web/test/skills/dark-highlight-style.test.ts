import { defaultHighlightStyle } from '@codemirror/language';
import { describe, expect, it } from 'vitest';
import { darkHighlightStyle } from '../../src/skills/dark-highlight-style.js';

/** Mantine's dark body colour, behind the editor on the dark theme. */
const DARK_BODY = '#242424';

function luminance(hex: string): number {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((digit) => digit + digit).join('') : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = Number.parseInt(digits.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two `#rgb`/`#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

function colours(style: typeof darkHighlightStyle): string[] {
  return style.specs.flatMap((spec) => (typeof spec.color === 'string' ? [spec.color] : []));
}

describe('the editor on the dark theme (SPEC W6: both themes readable)', () => {
  it('every syntax colour keeps 4.5:1 on the dark body, where the light style falls short', () => {
    expect(colours(darkHighlightStyle).length).toBeGreaterThan(10);
    for (const colour of colours(darkHighlightStyle))
      expect({ colour, ok: contrast(colour, DARK_BODY) >= 4.5 }).toEqual({ colour, ok: true });
    // Why it exists: the default style's keys (#00c) and keywords (#708) are unreadable there.
    expect(
      colours(defaultHighlightStyle).filter((colour) => contrast(colour, DARK_BODY) < 4.5).length,
    ).toBeGreaterThan(3);
  });

  it('styles the same tags as the light style, so nothing loses its highlighting on the dark theme', () => {
    const tagsOf = (style: typeof darkHighlightStyle) =>
      style.specs.map((spec) => [spec.tag].flat().map(String).sort().join(' ')).sort();
    expect(tagsOf(darkHighlightStyle)).toEqual(tagsOf(defaultHighlightStyle));
  });
});
