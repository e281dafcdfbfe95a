import { describe, expect, it } from 'vitest';
import {
  parseSlashCommand,
  splitArguments,
  substituteArguments,
} from '../../src/runtime/substitute-arguments.js';

describe('splitArguments', () => {
  it('R9 splits like a shell: quotes group words, backslashes escape', () => {
    expect(splitArguments(`fix "the login bug" 'a "b"' c\\ d "x\\"y" ''`)).toEqual([
      'fix',
      'the login bug',
      'a "b"',
      'c d',
      'x"y',
      '',
    ]);
  });

  it('R9 keeps an unclosed quote to the end instead of failing', () => {
    expect(splitArguments(`one "two three`)).toEqual(['one', 'two three']);
    expect(splitArguments('   ')).toEqual([]);
  });
});

describe('substituteArguments', () => {
  it('R9 replaces $ARGUMENTS with the whole argument text', () => {
    expect(substituteArguments('Review $ARGUMENTS now.', 'src/a.ts  src/b.ts')).toBe(
      'Review src/a.ts  src/b.ts now.',
    );
  });

  it('R9 replaces $ARGUMENTS[N] and $N with the N-th argument from 0, empty when absent', () => {
    expect(substituteArguments('Deploy $ARGUMENTS[0] to $1 ($2).', '"api v2" prod')).toBe(
      'Deploy api v2 to prod ().',
    );
  });

  it('R9 appends the arguments when the body has no placeholder', () => {
    expect(substituteArguments('Summarise the diff.\n', 'only tests')).toBe(
      'Summarise the diff.\n\nARGUMENTS: only tests',
    );
    expect(substituteArguments('Summarise the diff.', '')).toBe('Summarise the diff.');
  });

  it('R9 does not treat $ARGUMENTS_X or replacement patterns as placeholders', () => {
    expect(substituteArguments('$ARGUMENTS_X and $ARGUMENTS', "$& $'")).toBe("$ARGUMENTS_X and $& $'");
  });
});

describe('parseSlashCommand', () => {
  it('R9 reads /<id> and the rest of the line', () => {
    expect(parseSlashCommand('/deploy api prod')).toEqual({ skillId: 'deploy', argumentText: 'api prod' });
    expect(parseSlashCommand('  /rust:pdf')).toEqual({ skillId: 'rust:pdf', argumentText: '' });
    expect(parseSlashCommand('deploy api')).toBeUndefined();
  });
});
