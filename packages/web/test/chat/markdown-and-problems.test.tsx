// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderMessage, widgetFence } from './message-fixtures.js';

afterEach(cleanup);

const rawOf = (container: HTMLElement) => container.querySelector('[data-part="raw"]')?.textContent;

describe('MessageContent: Markdown', () => {
  it('W4 renders Markdown, highlights known languages and keeps raw HTML and scripts as text', () => {
    const { container } = renderMessage(
      [
        '# Heading',
        'Some **bold** text with <b>tags</b> and <script>window.hacked = 1</script>.',
        '',
        '<img src=x onerror="window.hacked = 1">',
        '',
        '```ts',
        'const answer: number = 42;',
        '```',
        '',
        '```unknownlang',
        '<i>not markup</i>',
        '```',
      ].join('\n'),
    );
    expect(container.querySelector('h1')?.textContent).toBe('Heading');
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('i')).toBeNull();
    expect(container.textContent).toContain('<script>window.hacked = 1</script>');
    expect(container.textContent).toContain('<img src=x onerror="window.hacked = 1">');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    const code = container.querySelector('pre.hljs code');
    expect(code?.textContent).toBe('const answer: number = 42;\n');
    expect(code?.querySelector('.hljs-keyword')?.textContent).toBe('const');
    expect(container.textContent).toContain('<i>not markup</i>');
  });

  it('W4 links open safely in a new tab; javascript: and data: links are not links', () => {
    const { container } = renderMessage(
      '[docs](https://example.com/docs) [bad](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) https://example.org ![pic](data:image/png;base64,AAAA)',
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://example.com/docs',
      'https://example.org',
    ]);
    for (const link of links) {
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.getAttribute('target')).toBe('_blank');
    }
    expect(container.querySelector('[href^="javascript"], [src^="data"], [href^="data"]')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('[bad](javascript:alert(1))');
  });

  it('W4 a Markdown image never loads by itself: an https one is a link naming its site, any other its alt text', () => {
    const { container } = renderMessage(
      '![Harbour](https://example.com/h.jpg?secret=42) ![plain](http://example.com/p.jpg) ![tracker](data:image/png;base64,AAAA) ![](https://cdn.example.org/x.png)',
    );
    // No image element at all: opening the message sends nothing to another site.
    expect(container.querySelector('img, picture, source, [src]')).toBeNull();
    const links = [...container.querySelectorAll('a')];
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Harbour', 'https://example.com/h.jpg?secret=42'],
      ['cdn.example.org', 'https://cdn.example.org/x.png'],
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(container.textContent).toContain('Harbour (example.com)');
    expect(container.textContent).toContain('plain');
    expect(container.textContent).toContain('tracker');
    expect(container.querySelector('[href^="http:"], [href^="data:"]')).toBeNull();
  });

  it('W4 legacy html:preview fences show as code, never as HTML', () => {
    const { container } = renderMessage('```html:preview\n<button onclick="alert(1)">Hi</button>\n```');
    expect(container.querySelector('button')).toBeNull();
    expect(container.querySelector('pre code')?.textContent).toBe('<button onclick="alert(1)">Hi</button>\n');
    expect(container.querySelector('[data-widget-state]')).toBeNull();
  });
});

describe('MessageContent: widgets that cannot be drawn', () => {
  it('W4 an open fence shows "generating widget" while streaming, then the widget once closed', () => {
    const partial = 'Here is the card:\n```widget\n{"type": "Card", "children": [{"type": "Title", "val';
    const view = renderMessage(partial, { streaming: true });
    expect(screen.getByRole('status').textContent).toBe('Generating widget…');
    expect(view.container.textContent).not.toContain('"type"');
    view.rerenderWith(`${partial}ue": "Order 1042"}]}\n\`\`\`\nDone.`, { streaming: true });
    expect(screen.queryByText('Generating widget…')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Order 1042' })).toBeTruthy();
    expect(view.container.textContent).toContain('Done.');
  });

  it('W4 a fence the model never closed says so once the message is complete, with the raw text', () => {
    const { container } = renderMessage('```widget\n{"type": "Divider"', { streaming: false });
    expect(screen.getByText('This widget was not finished')).toBeTruthy();
    expect(rawOf(container)).toBe('{"type": "Divider"');
    expect(container.querySelector('[data-widget="Divider"]')).toBeNull();
  });

  it('W4 bad JSON shows the reason with line and column and the raw content', () => {
    const raw = '{\n  "type": "Card",\n  "children": [{"type": "Title", "value": "x"},]\n}';
    const { container } = renderMessage(widgetFence(raw));
    expect(screen.getByText('This widget could not be shown')).toBeTruthy();
    const problems = container.querySelector('[data-part="problems"]')!;
    expect(problems.textContent).toBe("Invalid JSON at line 3, column 48: expected a value, found ']'");
    expect(rawOf(container)).toBe(raw);
    expect(container.querySelector('[data-widget]')).toBeNull();
  });

  it('W4 an unknown component, an unknown prop and a wrong type are refused with their place, never fixed', () => {
    const cases: [unknown, string][] = [
      [{ type: 'Table', rows: [] }, '$.type: unknown component type "Table"'],
      [
        { type: 'Card', children: [{ type: 'Text', value: 'Hi', colour: 'red' }] },
        '$.children[0].colour: unknown property',
      ],
      [{ type: 'Card', children: [{ type: 'Title', value: 42 }] }, '$.children[0].value: '],
      [{ type: 'Card', size: 'xl', children: [{ type: 'Divider' }] }, '$.size: '],
    ];
    for (const [widget, problem] of cases) {
      const { container, unmount } = renderMessage(widgetFence(widget));
      expect(container.querySelector('[data-part="problems"]')?.textContent).toContain(problem);
      expect(rawOf(container)).toBe(JSON.stringify(widget, null, 2));
      expect(container.querySelector('[data-widget]')).toBeNull();
      unmount();
    }
  });

  it('W4 a 1 MB widget is refused as too large before parsing, its raw text cut so the page lays out only 8 KiB', () => {
    const huge = JSON.stringify({ type: 'Text', value: 'x'.repeat(1024 * 1024) });
    const { container } = renderMessage(`Before\n${widgetFence(huge)}\nAfter`);
    expect(container.querySelector('[data-part="problems"]')?.textContent).toBe(
      'The widget is 1025 KiB, more than the limit of 64 KiB',
    );
    const raw = rawOf(container)!;
    expect(raw.length).toBe(8 * 1024);
    expect(huge.startsWith(raw)).toBe(true);
    expect(screen.getByText(`… ${huge.length - 8 * 1024} more characters not shown`)).toBeTruthy();
    expect(container.textContent).toContain('After');
  });

  it('W4 javascript: and data: URLs in Image and Button are refused: no image, no link, no button', () => {
    const attacks: unknown[] = [
      { type: 'Image', src: 'javascript:alert(1)', alt: 'x' },
      { type: 'Image', src: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=', alt: 'x' },
      { type: 'Image', src: 'http://example.com/a.png', alt: 'x' },
      {
        type: 'Card',
        children: [{ type: 'Image', src: 'JAVASCRIPT:alert(1)', alt: 'x' }],
      },
      {
        type: 'Button',
        label: 'Go',
        onClickAction: { type: 'url', payload: { url: 'javascript:alert(1)' } },
      },
      {
        type: 'Button',
        label: 'Go',
        href: 'javascript:alert(1)',
        onClickAction: { type: 'message', payload: { text: 'hi' } },
      },
      {
        type: 'LineChart',
        title: 'T',
        xAxis: { label: 'x' },
        yAxis: { label: 'y', unit: 'u' },
        labels: ['a'],
        series: [{ name: 's', values: [1] }],
        source: 'S',
        sourceUrl: 'javascript:alert(1)',
      },
    ];
    for (const widget of attacks) {
      const { container, unmount } = renderMessage(widgetFence(widget));
      expect(container.querySelector('[data-widget-state="invalid"]'), JSON.stringify(widget)).not.toBeNull();
      expect(container.querySelector('img')).toBeNull();
      expect(container.querySelector('a')).toBeNull();
      expect(within(container).queryByRole('button')).toBeNull();
      expect(container.innerHTML).not.toMatch(/(src|href)="(javascript|data):/i);
      unmount();
    }
  });
});
