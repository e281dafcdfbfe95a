/**
 * Split an argument string the way a POSIX shell splits words, without expanding anything:
 * whitespace separates, single quotes keep text literally, double quotes allow `\"` and `\\`,
 * a backslash outside quotes escapes the next character. An unclosed quote runs to the end.
 * @example splitArguments(`fix "the login bug" 'a b'`) // ['fix', 'the login bug', 'a b']
 */
export function splitArguments(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index] as string;
    if (quote === "'") {
      if (character === "'") quote = undefined;
      else word += character;
    } else if (quote === '"') {
      const next = text[index + 1];
      if (character === '"') quote = undefined;
      else if (character === '\\' && (next === '"' || next === '\\')) {
        word += next;
        index += 1;
      } else word += character;
    } else if (/\s/.test(character)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      inWord = true;
      if (character === "'" || character === '"') quote = character;
      else if (character === '\\' && index + 1 < text.length) {
        word += text[index + 1];
        index += 1;
      } else word += character;
    }
  }
  if (inWord) words.push(word);
  return words;
}

const PLACEHOLDER = /\$ARGUMENTS\[(\d+)\]|\$ARGUMENTS\b|\$(\d+)/g;

/**
 * Fill a skill body's placeholders (SPEC R9): `$ARGUMENTS` is the whole argument text,
 * `$ARGUMENTS[N]` and `$N` the N-th argument counted from 0 (empty when absent). A body without any
 * placeholder gets the arguments appended, so they are never lost.
 * @example substituteArguments('Fix issue $0 in $1', 'a "b c"') // 'Fix issue a in b c'
 */
export function substituteArguments(body: string, argumentText: string): string {
  const trimmed = argumentText.trim();
  const words = splitArguments(trimmed);
  let replaced = false;
  const result = body.replace(
    PLACEHOLDER,
    (_match, bracketIndex: string | undefined, shortIndex: string | undefined) => {
      replaced = true;
      const index = bracketIndex ?? shortIndex;
      return index === undefined ? trimmed : (words[Number(index)] ?? '');
    },
  );
  if (replaced || trimmed === '') return result;
  return `${result.replace(/\s+$/, '')}\n\nARGUMENTS: ${trimmed}`;
}

/** A parsed `/<id> [arguments]` line. */
export interface SlashCommand {
  readonly skillId: string;
  readonly argumentText: string;
}

/**
 * Parse `/<id> [arguments]`. Returns undefined when the line is not a slash command.
 * @example parseSlashCommand('/pdf fill form.pdf') // { skillId: 'pdf', argumentText: 'fill form.pdf' }
 */
export function parseSlashCommand(commandLine: string): SlashCommand | undefined {
  const match = /^\s*\/(\S+)(?:\s+([\s\S]*))?$/.exec(commandLine);
  if (!match) return undefined;
  return { skillId: match[1] as string, argumentText: (match[2] ?? '').trim() };
}
