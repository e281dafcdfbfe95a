import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { failure } from '../src/result.js';

const PACKAGES = path.resolve(import.meta.dirname, '../..');
const RESULT_FILE = path.join(PACKAGES, 'core', 'src', 'result.ts');

function sourceFiles(): string[] {
  return ['core', 'agent', 'cli'].flatMap((name) => {
    const folder = path.join(PACKAGES, name, 'src');
    return readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
      .map((file) => path.join(folder, file));
  });
}

function propertyName(node: ts.ObjectLiteralElementLike | ts.TypeElement): string | undefined {
  return node.name !== undefined && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))
    ? node.name.text
    : undefined;
}

function isFalse(node: ts.Node | undefined): boolean {
  if (node === undefined) return false;
  if (ts.isAsExpression(node)) return isFalse(node.expression);
  if (ts.isLiteralTypeNode(node)) return node.literal.kind === ts.SyntaxKind.FalseKeyword;
  return node.kind === ts.SyntaxKind.FalseKeyword;
}

/**
 * Every place in the packages' sources that spells out a failure (`ok: false`) by hand: a type
 * literal must be `Failure<…>` instead, unless it is a parse/validate result with `diagnostics`; an
 * object literal must carry `code` and `message` (or `diagnostics`).
 */
function handWrittenFailures(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  // Parsing is the cost: only files that spell `ok: false` (in any spacing) can hold one.
  if (!/\bok\s*:\s*false\b/.test(text)) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const where = (node: ts.Node) =>
    `${path.relative(PACKAGES, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isTypeLiteralNode(node)) {
      const names = node.members.map(propertyName);
      const failing = node.members.some(
        (member) => propertyName(member) === 'ok' && ts.isPropertySignature(member) && isFalse(member.type),
      );
      // `Extract<Result, { ok: false }>` names the failure branch of a result; it shapes nothing.
      const filter = node.members.length === 1;
      if (failing && !filter && !names.includes('diagnostics') && file !== RESULT_FILE)
        found.push(`${where(node)} (type)`);
    }
    if (ts.isObjectLiteralExpression(node)) {
      const names = node.properties.map(propertyName);
      const failing = node.properties.some(
        (property) =>
          propertyName(property) === 'ok' &&
          ts.isPropertyAssignment(property) &&
          isFalse(property.initializer),
      );
      const spreads = node.properties.some((property) => ts.isSpreadAssignment(property));
      const shaped = names.includes('diagnostics') || (names.includes('code') && names.includes('message'));
      if (failing && !shaped && !spreads) found.push(`${where(node)} (value)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('one failure shape for results as data', () => {
  it('I1 every failure returned as data is { ok: false, code, message, …details } (Failure) or carries diagnostics', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(200);
    expect(files.flatMap(handWrittenFailures)).toEqual([]);
  });

  it('I1 the scan sees a hand-written shape: a { ok: false, reason } type and value are reported', () => {
    const probe = path.join(PACKAGES, 'core', 'test', 'fixtures', 'failure-shape', 'hand-written-failure.ts');
    expect(handWrittenFailures(probe)).toEqual([
      'core/test/fixtures/failure-shape/hand-written-failure.ts:2 (type)',
      'core/test/fixtures/failure-shape/hand-written-failure.ts:5 (value)',
    ]);
  });

  it('I1 failure() puts details beside code and message and never lets them replace either', () => {
    expect(failure('path_not_found', 'No such file.', { path: 'a.md' })).toEqual({
      ok: false,
      code: 'path_not_found',
      message: 'No such file.',
      path: 'a.md',
    });
    const forged = { ok: true, code: 'other', message: 'forged' } as unknown as Record<never, never>;
    expect(failure('path_not_found', 'No such file.', forged)).toEqual({
      ok: false,
      code: 'path_not_found',
      message: 'No such file.',
    });
  });
});
