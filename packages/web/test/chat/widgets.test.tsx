// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { recordingSender, renderMessage, widgetFence } from './message-fixtures.js';

afterEach(cleanup);

const summaryCard = {
  type: 'Card',
  size: 'md',
  children: [
    {
      type: 'Row',
      align: 'center',
      children: [
        { type: 'Icon', name: 'check-circle', color: 'success' },
        { type: 'Title', value: 'Order 1042', size: 'md' },
        { type: 'Spacer' },
        { type: 'Badge', label: 'Shipped', color: 'success' },
      ],
    },
    { type: 'Divider' },
    {
      type: 'Col',
      gap: 2,
      children: [
        { type: 'Text', value: '2 items, delivered by Friday', weight: 'semibold', color: 'danger' },
        { type: 'Caption', value: 'From the order lookup tool' },
        {
          type: 'Image',
          src: 'https://example.com/parcel.jpg',
          alt: 'The parcel',
          caption: 'Photo by the courier',
        },
        {
          type: 'Button',
          label: 'Track it',
          iconStart: 'map-pin',
          onClickAction: { type: 'message', payload: { text: 'Where is order 1042 now?' } },
        },
      ],
    },
  ],
};

const chart = (type: 'BarChart' | 'LineChart', sourceUrl?: string) => ({
  type,
  title: 'Beijing, daily temperature, 1–3 Dec 2026',
  xAxis: { label: 'Date' },
  yAxis: { label: 'Temperature', unit: '°C' },
  labels: ['12-01', '12-02', '12-03'],
  series: [
    { name: 'High', values: [6, 4, null] },
    { name: 'Low', values: [-4, -6, -5] },
  ],
  source: 'Weather tool, retrieved 2026-12-01',
  ...(sourceUrl === undefined ? {} : { sourceUrl }),
});

const bookingForm = {
  type: 'Card',
  children: [
    {
      type: 'Form',
      children: [
        { type: 'Title', value: 'Book a meeting room', size: 'sm' },
        { type: 'Input', name: 'topic', label: 'Topic', required: true },
        { type: 'Input', name: 'attendees', label: 'Attendees', inputType: 'number', defaultValue: '4' },
        {
          type: 'DatePicker',
          name: 'day',
          label: 'Day',
          min: '2026-12-01',
          max: '2026-12-31',
          required: true,
        },
        {
          type: 'RadioGroup',
          name: 'length',
          label: 'Length',
          options: [
            { label: '30 minutes', value: '30' },
            { label: '1 hour', value: '60' },
            { label: '2 hours', value: '120' },
          ],
          defaultValue: '60',
        },
        {
          type: 'RadioGroup',
          name: 'room',
          label: 'Room',
          options: [
            { label: 'Small', value: 's' },
            { label: 'Large', value: 'l' },
          ],
        },
        { type: 'Textarea', name: 'notes', label: 'Notes', rows: 3 },
        { type: 'Button', label: 'Book', submit: true, style: 'primary' },
      ],
    },
  ],
};

const widgetsIn = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-widget]')].map((element) => element.getAttribute('data-widget'));

describe('MessageContent: the W4 components', () => {
  it('W4 a card renders every layout and text component, plain text only', () => {
    const { container } = renderMessage(`Here it is:\n\n${widgetFence(summaryCard)}\n\nAnything else?`);
    expect(widgetsIn(container)).toEqual([
      'Card',
      'Row',
      'Icon',
      'Title',
      'Spacer',
      'Badge',
      'Divider',
      'Col',
      'Text',
      'Caption',
      'Image',
      'Button',
      'Icon',
    ]);
    expect(container.querySelector('[data-widget="Card"]')?.getAttribute('data-size')).toBe('md');
    expect(screen.getByRole('heading', { name: 'Order 1042' })).toBeTruthy();
    expect(screen.getByText('Shipped')).toBeTruthy();
    expect(screen.getByText('2 items, delivered by Friday').getAttribute('style')).toContain(
      'var(--mantine-color-red-text)',
    );
    // Nothing is fetched from the image's site until the user asks for it.
    expect(container.querySelector('img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show the image from example.com' }));
    const image = screen.getByRole('img', { name: 'The parcel' }) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('https://example.com/parcel.jpg');
    expect(image.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(screen.getByText('Photo by the courier')).toBeTruthy();
    expect(container.querySelector('[data-icon="check-circle"]')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.textContent).toContain('Here it is:');
    expect(container.textContent).toContain('Anything else?');
  });

  it('W4 HTML and Markdown in Text, Title and Badge are shown as text: no element is created', () => {
    const { container } = renderMessage(
      widgetFence({
        type: 'Card',
        children: [
          { type: 'Title', value: '<h1>Big</h1>' },
          {
            type: 'Text',
            value: '<img src=x onerror="window.hacked=1"><script>window.hacked=1</script> **not bold**',
          },
          { type: 'Badge', label: '<b>x</b>' },
        ],
      }),
    );
    expect(container.querySelector('h1, img, script, b, strong')).toBeNull();
    expect(
      screen.getByText('<img src=x onerror="window.hacked=1"><script>window.hacked=1</script> **not bold**'),
    ).toBeTruthy();
    expect(screen.getByText('<h1>Big</h1>')).toBeTruthy();
    expect(screen.getByText('<b>x</b>')).toBeTruthy();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('W4 images alone: one image, or a horizontal group of images', () => {
    const single = renderMessage(
      widgetFence({ type: 'Image', src: 'https://example.com/a.jpg', alt: 'Harbour' }),
    );
    expect(widgetsIn(single.container)).toEqual(['Image']);
    expect(single.container.querySelector('img')).toBeNull();
    expect(screen.getByText('Harbour')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show the image from example.com' }));
    expect(screen.getByRole('img', { name: 'Harbour' })).toBeTruthy();
    single.unmount();
    const group = renderMessage(
      widgetFence({
        type: 'Row',
        gap: 2,
        children: [
          { type: 'Image', src: 'https://example.com/a.jpg', alt: 'Front view', height: 160 },
          { type: 'Image', src: 'https://example.com/b.jpg', alt: 'Side view', height: 160 },
        ],
      }),
    );
    expect(widgetsIn(group.container)).toEqual(['ImageGroup', 'Image', 'Image']);
    const asks = screen.getAllByRole('button', { name: 'Show the image from example.com' });
    expect(asks).toHaveLength(2);
    expect(group.container.querySelector('img')).toBeNull();
    for (const ask of asks) fireEvent.click(ask);
    const images = within(screen.getByRole('group', { name: 'Images' })).getAllByRole('img');
    expect(images.map((image) => image.getAttribute('alt'))).toEqual(['Front view', 'Side view']);
    // An image that fails to load leaves its description.
    fireEvent.error(images[0]!);
    expect(screen.getByText('Image not available: Front view')).toBeTruthy();
  });

  it('W4 a button only sends its message, read-only while the conversation cannot take one, and says when it failed', async () => {
    const sender = recordingSender();
    const view = renderMessage(widgetFence(summaryCard), { onSend: sender.onSend, canSend: false });
    const button = screen.getByRole('button', { name: 'Track it' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(sender.sent).toEqual([]);
    view.rerenderWith(`\n${widgetFence(summaryCard)}`, { canSend: true });
    fireEvent.click(screen.getByRole('button', { name: 'Track it' }));
    await waitFor(() => expect(sender.sent).toEqual(['Where is order 1042 now?']));
    sender.answerWith('reject');
    fireEvent.click(screen.getByRole('button', { name: 'Track it' }));
    expect(await screen.findByText('Could not send. Try again.')).toBeTruthy();
    expect(sender.sent).toHaveLength(2);
  });

  it('W4 charts: title, labelled axes with the unit, the source line linked, the numbers as a table', async () => {
    for (const type of ['BarChart', 'LineChart'] as const) {
      const { container, unmount } = renderMessage(widgetFence(chart(type, 'https://example.com/forecast')));
      const figure = container.querySelector(`[data-widget="${type}"]`) as HTMLElement;
      expect(within(figure).getByText('Beijing, daily temperature, 1–3 Dec 2026')).toBeTruthy();
      const kind = type === 'BarChart' ? 'Bar chart' : 'Line chart';
      const description = `${kind} “Beijing, daily temperature, 1–3 Dec 2026”: Temperature in °C by Date`;
      expect(figure.querySelector('canvas')?.getAttribute('aria-label')).toBe(description);
      const source = within(figure).getByRole('link', { name: 'Source: Weather tool, retrieved 2026-12-01' });
      expect(source.getAttribute('href')).toBe('https://example.com/forecast');
      expect(source.getAttribute('rel')).toBe('noopener noreferrer');
      const table = figure.querySelector('table')!;
      expect(table.querySelector('caption')?.textContent).toBe(description);
      expect([...table.querySelectorAll('tr')].map((row) => row.textContent)).toEqual([
        'DateHigh (°C)Low (°C)',
        '12-016-4',
        '12-024-6',
        '12-03no value-5',
      ]);
      // happy-dom has no 2D canvas: the chart is not drawn, and the numbers stay readable.
      await waitFor(() =>
        expect(figure.querySelector('[data-drawn]')?.getAttribute('data-drawn')).toBe('failed'),
      );
      unmount();
    }
    const unlinked = renderMessage(widgetFence(chart('BarChart')));
    expect(screen.getByText('Source: Weather tool, retrieved 2026-12-01')).toBeTruthy();
    expect(unlinked.container.querySelector('a')).toBeNull();
  });
});

describe('MessageContent: forms', () => {
  const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

  it('W4 a form lays out its fields: short ones in the grid, textareas and radio groups of three or more wide, submit on the right', () => {
    const { container } = renderMessage(widgetFence(bookingForm));
    const grid = container.querySelector('.sd-widget-form-grid')!;
    const cells = [...grid.children].map((cell) => [
      cell.querySelector('[data-widget]')?.getAttribute('data-widget') ?? cell.firstElementChild?.tagName,
      cell.className === 'sd-widget-form-wide' ? 'wide' : 'short',
    ]);
    expect(cells).toEqual([
      ['Title', 'wide'],
      ['Input', 'short'],
      ['Input', 'short'],
      ['DatePicker', 'short'],
      ['RadioGroup', 'wide'],
      ['RadioGroup', 'short'],
      ['Textarea', 'wide'],
    ]);
    const footer = container.querySelector('.sd-widget-form-footer')!;
    expect(
      within(footer as HTMLElement)
        .getByRole('button', { name: 'Book' })
        .getAttribute('type'),
    ).toBe('submit');
    expect(field('Attendees').value).toBe('4');
    expect(field('Day').getAttribute('type')).toBe('date');
    expect(field('Day').getAttribute('min')).toBe('2026-12-01');
    expect((screen.getByRole('radio', { name: '1 hour' }) as HTMLInputElement).checked).toBe(true);
  });

  it('W4 submit checks required fields and the date range at the field, then sends the answers as one user message', async () => {
    const sender = recordingSender();
    const { container } = renderMessage(widgetFence(bookingForm), { onSend: sender.onSend });
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(field('Topic').getAttribute('aria-invalid')).toBe('true');
    expect(sender.sent).toEqual([]);

    fireEvent.change(field('Topic'), { target: { value: 'Quarterly review' } });
    fireEvent.change(field('Day'), { target: { value: '2027-01-05' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('Choose 2026-12-31 or earlier')).toBeTruthy();
    fireEvent.change(field('Day'), { target: { value: '2026-11-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('Choose 2026-12-01 or later')).toBeTruthy();
    expect(sender.sent).toEqual([]);

    fireEvent.change(field('Day'), { target: { value: '2026-12-10' } });
    fireEvent.change(field('Attendees'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('radio', { name: '2 hours' }));
    fireEvent.change(field('Notes'), { target: { value: 'Projector, please\nand water' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() =>
      expect(sender.sent).toEqual([
        'Topic: Quarterly review\nAttendees: 6\nDay: 2026-12-10\nLength: 2 hours\nRoom: —\nNotes: Projector, please\n  and water',
      ]),
    );
    expect(await screen.findByText('Answers sent')).toBeTruthy();
    expect(container.querySelector('[data-widget="Form"]')?.getAttribute('data-state')).toBe('sent');
    expect(field('Topic').readOnly).toBe(true);
    expect((screen.getByRole('button', { name: 'Book' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('W4 a failed send shows the failed state with a retry that sends the same answers again', async () => {
    const sender = recordingSender('reject');
    renderMessage(widgetFence(bookingForm), { onSend: sender.onSend });
    fireEvent.change(field('Topic'), { target: { value: 'Review' } });
    fireEvent.change(field('Day'), { target: { value: '2026-12-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('The answers could not be sent')).toBeTruthy();
    expect(field('Topic').readOnly).toBe(false);
    sender.answerWith('resolve');
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Answers sent')).toBeTruthy();
    expect(sender.sent).toHaveLength(2);
    expect(sender.sent[1]).toBe(sender.sent[0]);
    expect(sender.sent[0]).toContain('Topic: Review\n');
  });

  it('W4 a form is read-only while the conversation cannot take messages, and becomes usable after', async () => {
    const sender = recordingSender();
    const view = renderMessage(widgetFence(bookingForm), { onSend: sender.onSend, canSend: false });
    expect(field('Topic').readOnly).toBe(true);
    expect(field('Day').readOnly).toBe(true);
    expect((screen.getByRole('radio', { name: '1 hour' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Book' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(view.container.querySelector('form')!);
    expect(sender.sent).toEqual([]);
    view.rerenderWith(widgetFence(bookingForm), { canSend: true });
    expect(field('Topic').readOnly).toBe(false);
    expect((screen.getByRole('button', { name: 'Book' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('W4 the form keeps what the user typed while the message around it is still streaming', () => {
    const text = `Fill this in:\n${widgetFence(bookingForm)}\nI will`;
    const view = renderMessage(text, { streaming: true, canSend: true });
    fireEvent.change(field('Topic'), { target: { value: 'Kept' } });
    view.rerenderWith(`${text} book it.`, { streaming: true });
    expect(field('Topic').value).toBe('Kept');
  });
});
