import { describe, expect, it } from 'vitest';
import { utf8Length } from '../../src/format/decode-skill-text.js';

describe('utf8Length', () => {
  it('counts a string the way Buffer.byteLength does, lone surrogates included', () => {
    for (const text of [
      '',
      'plain ascii',
      'é and ß',
      '技能 中文',
      'emoji 😀 pair',
      'lone \ud800 high',
      'lone \udc00 low',
      'end \ud83d',
    ]) {
      expect(utf8Length(text), JSON.stringify(text)).toBe(Buffer.byteLength(text));
    }
  });
});
