import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readerText } from './markdown.js';

const PACKAGES = path.resolve(import.meta.dirname, '../../packages');

/** One registered error code: the package that registers it and what it means, where that is known. */
export interface ErrorCodeEntry {
  readonly code: string;
  readonly packageName: string;
  /** The code's TSDoc in the registry, else the message where it is thrown (`…` for what varies). */
  readonly meaning: string | undefined;
  /** The class it is thrown with where it is thrown (`UserInputError`, `UsageError`, …). */
  readonly errorClass: string | undefined;
}

interface SourceFile {
  readonly packageName: string;
  readonly file: string;
  readonly text: string;
}

/** Every `.ts`/`.tsx` file under `packages/<name>/src`, in a stable order. */
function sourceFiles(): SourceFile[] {
  const files: SourceFile[] = [];
  for (const name of readdirSync(PACKAGES).sort()) {
    const folder = path.join(PACKAGES, name, 'src');
    let entries: string[];
    try {
      entries = readdirSync(folder, { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const entry of entries.filter((file) => /\.tsx?$/.test(file)).sort()) {
      const file = path.join(folder, entry);
      files.push({ packageName: name, file, text: readFileSync(file, 'utf8') });
    }
  }
  return files;
}

/** The codes of one `interface SkilldockErrorCodes { … }` body, each with its TSDoc when it has one. */
function registeredIn(text: string): { code: string; comment: string | undefined }[] {
  const body = /interface SkilldockErrorCodes\s*\{([\s\S]*?)\n\s*\}/.exec(text)?.[1] ?? '';
  const entries: { code: string; comment: string | undefined }[] = [];
  for (const match of body.matchAll(/(?:\/\*\*([\s\S]*?)\*\/\s*)?readonly ([a-z][a-z0-9_]*): true;/g)) {
    const comment = match[1]
      ?.split('\n')
      .map((line) => line.replace(/^\s*\*\s?/, '').trim())
      .join(' ')
      .trim();
    entries.push({ code: match[2]!, comment: comment === '' ? undefined : comment });
  }
  return entries;
}

/** A string literal's text as a reader sees it: template holes become `…`. */
function literalText(quote: string, raw: string): string {
  let text = quote === '`' ? raw.replace(/\$\{(?:[^{}]|\{[^{}]*\})*\}/g, '…') : raw;
  // A hole nested deeper than the pattern reads: keep the words before it.
  const hole = text.indexOf('${');
  if (hole !== -1) text = `${text.slice(0, hole).trimEnd()} …`;
  text = text
    .replace(/\\(['"`\\])/g, '$1')
    .replace(/\\n/g, ' ')
    .replace(/\s+/g, ' ');
  return text.length > 240 ? `${text.slice(0, 239).trimEnd()}…` : text;
}

/**
 * Where `code` is thrown: the first `new SomethingError('code', 'message'…)` (or a helper taking
 * the code then the message) in the sources, giving the class and the message.
 */
function thrownWith(
  code: string,
  files: readonly SourceFile[],
): { message: string; errorClass?: string } | undefined {
  const pattern = new RegExp(
    String.raw`(?:new (\w+)\(\s*(?:\d{3},\s*)?)?['"]${code}['"],\s*(['"\x60])((?:\\.|(?!\2)[^\\])*?)\2`,
    'g',
  );
  for (const { text } of files) {
    for (const match of text.matchAll(pattern)) {
      const message = literalText(match[2]!, match[3]!);
      if (message.trim().length < 3) continue;
      return match[1] === undefined ? { message } : { message, errorClass: match[1] };
    }
  }
  // A failure returned as data: `{ code: 'x', message: '…' }`.
  const objectPattern = new RegExp(
    String.raw`code: ['"]${code}['"](?: as const)?,\s*message: (['"\x60])((?:\\.|(?!\1)[^\\])*?)\1`,
  );
  for (const { text } of files) {
    const match = objectPattern.exec(text);
    if (match !== null && match[2]!.trim().length >= 3) return { message: literalText(match[1]!, match[2]!) };
  }
  return undefined;
}

function meaningOf(text: string | undefined): string | undefined {
  return text === undefined ? undefined : readerText(text);
}

/** Every error code the packages register in `SkilldockErrorCodes`, sorted, with a meaning where one is found. */
export function errorCodeCatalog(): ErrorCodeEntry[] {
  const files = sourceFiles();
  const entries = new Map<string, ErrorCodeEntry>();
  for (const source of files.filter((file) => file.file.endsWith('error-codes.ts'))) {
    for (const { code, comment } of registeredIn(source.text)) {
      if (entries.has(code)) continue;
      const thrown = thrownWith(code, files);
      entries.set(code, {
        code,
        packageName: source.packageName,
        meaning: meaningOf(comment ?? thrown?.message),
        errorClass: thrown?.errorClass,
      });
    }
  }
  return [...entries.values()].sort((left, right) => left.code.localeCompare(right.code));
}
