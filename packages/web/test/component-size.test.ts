import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** A component's body may span at most this many lines; past it, state goes to hooks and JSX to subcomponents. */
const MAX_BODY_LINES = 150;

const SOURCE = path.resolve(import.meta.dirname, '../src');

/** A function component found in a source file: its name, where it is and how many lines its body spans. */
interface Component {
  readonly name: string;
  readonly file: string;
  readonly lines: number;
}

const PASCAL_CASE = /^[A-Z][A-Za-z0-9]*$/;

function containsJsx(node: ts.Node): boolean {
  if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node)) return true;
  return ts.forEachChild(node, containsJsx) ?? false;
}

/** The function a PascalCase const holds: an arrow or function expression, or one wrapped (`memo(…)`). */
function functionOf(initializer: ts.Expression): ts.ArrowFunction | ts.FunctionExpression | undefined {
  const isFunction = (node: ts.Node) => ts.isArrowFunction(node) || ts.isFunctionExpression(node);
  if (isFunction(initializer)) return initializer as ts.ArrowFunction | ts.FunctionExpression;
  if (ts.isCallExpression(initializer))
    return initializer.arguments.find(isFunction) as ts.ArrowFunction | ts.FunctionExpression | undefined;
  return undefined;
}

/**
 * The function components of one TSX text: PascalCase function declarations, and PascalCase consts
 * holding a function, whose body holds JSX.
 */
function componentsOf(file: string, text: string): Component[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Component[] = [];
  const add = (name: string, body: ts.Node | undefined) => {
    if (body === undefined || !containsJsx(body)) return;
    const first = source.getLineAndCharacterOfPosition(body.getStart(source)).line;
    const last = source.getLineAndCharacterOfPosition(body.getEnd()).line;
    found.push({ name, file, lines: last - first + 1 });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) && node.name !== undefined && PASCAL_CASE.test(node.name.text))
      add(node.name.text, node.body);
    else if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      PASCAL_CASE.test(node.name.text) &&
      node.initializer !== undefined
    )
      add(node.name.text, functionOf(node.initializer)?.body);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every function component of the web app's sources. */
function webComponents(): Component[] {
  return readdirSync(SOURCE, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tsx'))
    .sort()
    .flatMap((file) =>
      componentsOf(file.split(path.sep).join('/'), readFileSync(path.join(SOURCE, file), 'utf8')),
    );
}

describe('the size of the web components (issue 22)', () => {
  it('measures function declarations and PascalCase consts holding a function, when they render JSX', () => {
    const body = (lines: number) => Array.from({ length: lines - 2 }, () => '  const x = 1;').join('\n');
    const text = [
      `export function Big() {\n${body(150)}\n  return <div />;\n}`,
      'const Small = () => <span />;',
      'const Wrapped = memo(function Inner() {\n  return <p />;\n});',
      'function helper() {\n  return <b />;\n}',
      'function NoJsx() {\n  return 1;\n}',
    ].join('\n');
    expect(componentsOf('example.tsx', text)).toEqual([
      { name: 'Big', file: 'example.tsx', lines: 151 },
      { name: 'Small', file: 'example.tsx', lines: 1 },
      { name: 'Wrapped', file: 'example.tsx', lines: 3 },
    ]);
  });

  it(`keeps every function component's body within ${MAX_BODY_LINES} lines`, () => {
    const components = webComponents();
    // The measure sees the components it is meant to hold small (and so is not silently finding none).
    expect(components.map((component) => component.name)).toEqual(
      expect.arrayContaining(['ChatConversation', 'AgentConfigForm', 'SkillEditor', 'BoundSkillHistory']),
    );
    const tooLong = components
      .filter((component) => component.lines > MAX_BODY_LINES)
      .map((component) => `${component.name} (${component.file}): ${component.lines} lines`);
    expect(tooLong).toEqual([]);
  });
});
