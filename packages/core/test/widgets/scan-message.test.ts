import {
  formatWidgetProblem,
  MAX_JSON_DEPTH,
  MAX_WIDGET_BYTES,
  parseJson,
  parseWidget,
  scanMessage,
  utf8ByteLength,
} from '@skilldock/core/widgets';
import { describe, expect, it } from 'vitest';

const fence = (content: string, info = 'widget') => `\`\`\`${info}\n${content}\n\`\`\``;
const caption = '{"type":"Caption","value":"From the tool"}';

describe('scanMessage', () => {
  it('W4 splits Markdown and closed widget fences in order, keeping the Markdown text exactly', () => {
    const message = `Intro **bold**\n\n${fence(caption)}\nBetween\n${fence('{"type":"Divider"}')}\nEnd`;
    const segments = scanMessage(message);
    expect(segments.map((segment) => (segment.kind === 'markdown' ? segment.text : segment.state))).toEqual([
      'Intro **bold**\n',
      'valid',
      'Between',
      'valid',
      'End',
    ]);
    expect(segments[1]).toEqual({
      kind: 'widget',
      state: 'valid',
      source: caption,
      widget: { type: 'Caption', value: 'From the tool' },
    });
    expect(scanMessage('')).toEqual([]);
    expect(scanMessage('just text')).toEqual([{ kind: 'markdown', text: 'just text' }]);
  });

  it('W4 a caller may give the fence parser (a memoised one keeps finished widgets while the text streams on)', () => {
    const seen: string[] = [];
    const parse = (content: string) => {
      seen.push(content);
      return parseWidget(content);
    };
    const segments = scanMessage(`${fence(caption)}\n${fence('{"type":"Divider"}')}\n\`\`\`widget\n{"ty`, {
      parseWidget: parse,
    });
    expect(seen).toEqual([caption, '{"type":"Divider"}']);
    expect(segments.map((segment) => (segment.kind === 'widget' ? segment.state : segment.kind))).toEqual([
      'valid',
      'valid',
      'open',
    ]);
  });

  it('W4 a fence without its closing line is open (the model is still writing), with what it has so far', () => {
    expect(scanMessage('Here:\n```widget\n{"type":"Card","chi')).toEqual([
      { kind: 'markdown', text: 'Here:' },
      { kind: 'widget', state: 'open', source: '{"type":"Card","chi' },
    ]);
    expect(scanMessage('```widget')).toEqual([{ kind: 'widget', state: 'open', source: '' }]);
  });

  it('W4 legacy html:preview and every other fence stay Markdown, and a widget fence inside them is their text', () => {
    const preview = fence('<script>alert(1)</script>', 'html:preview');
    expect(scanMessage(preview)).toEqual([{ kind: 'markdown', text: preview }]);
    const nested = `\`\`\`\`markdown\n${fence(caption)}\n\`\`\`\`\nafter`;
    expect(scanMessage(nested)).toEqual([{ kind: 'markdown', text: nested }]);
    const json = fence(caption, 'json');
    expect(scanMessage(json)).toEqual([{ kind: 'markdown', text: json }]);
    // `widget extra` is not exactly `widget`; an unclosed other fence runs to the end as Markdown.
    expect(scanMessage(fence(caption, 'widget extra'))[0]!.kind).toBe('markdown');
    expect(scanMessage(`\`\`\`js\nx\n${fence(caption)}`)).toHaveLength(1);
  });

  it('W4 follows CommonMark fences: tildes, longer markers, up to three spaces of indent, CRLF lines', () => {
    expect(scanMessage(`~~~widget\n${caption}\n~~~`)[0]).toMatchObject({ state: 'valid' });
    expect(scanMessage(`\`\`\`\`widget\n${caption}\n\`\`\`\n\`\`\`\``)[0]).toMatchObject({
      state: 'invalid',
      source: `${caption}\n\`\`\``,
    });
    expect(scanMessage(`   \`\`\`widget\n${caption}\n   \`\`\`  `)[0]).toMatchObject({ state: 'valid' });
    expect(scanMessage(`    \`\`\`widget\n${caption}\n    \`\`\``)[0]!.kind).toBe('markdown');
    expect(scanMessage(`\`\`\`widget\r\n${caption}\r\n\`\`\`\r\n`)[0]).toMatchObject({ state: 'valid' });
    // A closing fence of the other character does not close it.
    expect(scanMessage(`\`\`\`widget\n${caption}\n~~~`)[0]).toMatchObject({ state: 'open' });
  });

  it('W4 invalid JSON names the line and column and is never fixed', () => {
    const [segment] = scanMessage(fence('{\n  "type": "Card",\n  "children": [],\n}'));
    expect(segment).toMatchObject({
      kind: 'widget',
      state: 'invalid',
      problems: [
        { kind: 'json', line: 4, column: 1, message: "expected a property name in double quotes, found '}'" },
      ],
    });
    const problems = parseWidget("{'type': 'Divider'}");
    expect(problems).toMatchObject({ valid: false, problems: [{ kind: 'json', line: 1, column: 2 }] });
    expect(formatWidgetProblem({ kind: 'json', message: 'x', line: 2, column: 3 })).toBe(
      'invalid JSON at line 2, column 3: x',
    );
  });

  it('W4 schema problems carry their JSON path: unknown component, unknown prop, wrong type, missing field', () => {
    const problemsOf = (json: string) => {
      const parsed = parseWidget(json);
      return parsed.valid ? [] : parsed.problems.map(formatWidgetProblem);
    };
    expect(problemsOf('{"type":"Table","rows":[]}')).toEqual(['$.type: unknown component type "Table"']);
    expect(problemsOf('{"rows":[]}')).toEqual(['$.type: missing component type (a "type" such as "Card")']);
    expect(problemsOf('{"type":"Card","children":[{"type":"Text","value":"x","colour":"red"}]}')).toEqual([
      '$.children[0].colour: unknown property',
    ]);
    expect(problemsOf('{"type":"Card","children":[{"type":"Title","value":42}]}')).toEqual([
      expect.stringMatching(/^\$\.children\[0\]\.value: .*string/),
    ]);
    expect(problemsOf('{"type":"Image","alt":"A"}')).toEqual([expect.stringMatching(/^\$\.src: /)]);
    expect(problemsOf('{"type":"Image","src":"javascript:alert(1)","alt":"A"}')).toEqual([
      '$.src: must be an https:// URL',
    ]);
    expect(problemsOf('{"type":"Image","src":"data:image/png;base64,AAAA","alt":"A"}')).toEqual([
      '$.src: must be an https:// URL',
    ]);
    expect(problemsOf('{"type":"Card","children":[{"type":"Button","label":"Go"}]}')).toEqual([
      'Button "Go" has no onClickAction',
    ]);
    const [problem] = (
      parseWidget('{"type":"Card","children":[{"type":"Button","label":"Go"}]}') as {
        problems: unknown[];
      }
    ).problems;
    expect(problem).toEqual({
      kind: 'rule',
      path: '$.children[0]',
      message: 'Button "Go" has no onClickAction',
    });
  });

  it('W4 a "__proto__" key is an unknown property, never a prototype; a repeated key is an error', () => {
    const parsed = parseJson('{"__proto__": {"polluted": true}}');
    expect(parsed.ok && Object.getPrototypeOf(parsed.value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(parseWidget('{"type":"Divider","__proto__":{}}')).toMatchObject({
      valid: false,
      problems: [{ kind: 'schema', path: '$.__proto__', message: 'unknown property' }],
    });
    expect(parseJson('{"a":1,\n "a":2}')).toEqual({
      ok: false,
      code: 'invalid_json',
      message: 'the property "a" appears twice',
      line: 2,
      column: 2,
      offset: 9,
    });
  });

  it('W4 parseJson accepts exactly JSON: escapes, numbers, nesting up to its depth limit', () => {
    const text = '{"s":"a\\"b\\\\c\\u00e9\\n","n":[-1.5e3,0,12],"t":true,"f":false,"z":null}';
    expect(parseJson(text)).toEqual({ ok: true, value: JSON.parse(text) });
    for (const bad of ['01', '1.', '.5', '"a\nb"', '"\\x"', '[1,]', 'tru', '{} {}', 'NaN', '"open'])
      expect(parseJson(bad).ok, bad).toBe(false);
    expect(parseJson(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`).ok).toBe(true);
    expect(parseJson(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toMatchObject({
      ok: false,
      code: 'invalid_json',
      message: `nested more than ${MAX_JSON_DEPTH} levels deep`,
      column: MAX_JSON_DEPTH + 1,
    });
  });

  it('W4 a widget above the size limit is refused before it is parsed', () => {
    // Broken JSON too: had it been parsed, a JSON problem would be listed beside the size.
    const huge = `{"type":"Text","value":"${'x'.repeat(1024 * 1024)}",}`;
    const [segment] = scanMessage(fence(huge));
    expect(segment).toEqual({
      kind: 'widget',
      state: 'invalid',
      source: huge,
      problems: [
        {
          kind: 'too_large',
          bytes: utf8ByteLength(huge),
          limit: MAX_WIDGET_BYTES,
          message: `the widget is ${utf8ByteLength(huge)} bytes, more than the limit of 65536`,
        },
      ],
    });
    expect(MAX_WIDGET_BYTES).toBe(65_536);
    expect(utf8ByteLength('aé中😀')).toBe(1 + 2 + 3 + 4);
    const text = (length: number) => `{"type":"Text","value":"${'x'.repeat(length)}"}`;
    expect(utf8ByteLength(text(MAX_WIDGET_BYTES - 26))).toBe(MAX_WIDGET_BYTES);
    expect(parseWidget(text(MAX_WIDGET_BYTES - 26)).valid).toBe(true);
    expect(parseWidget(text(MAX_WIDGET_BYTES - 25))).toMatchObject({
      valid: false,
      problems: [{ kind: 'too_large' }],
    });
  });
});
