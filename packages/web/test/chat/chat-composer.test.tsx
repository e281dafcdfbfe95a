// @vitest-environment happy-dom
/**
 * SPEC W4: the chat's composer — Enter sends, Shift+Enter adds a line, nothing is sent while a
 * run is active (read-only, Stop offered), and the text stays when sending fails.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatComposer, sendsOnKey } from '../../src/chat/chat-composer.js';
import { renderInApp } from '../skills/render.js';

afterEach(cleanup);

// happy-dom has no FontFaceSet; Mantine's autosizing textarea listens to it for font loads.
if ((document as { fonts?: unknown }).fonts === undefined)
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: Object.assign(new EventTarget(), { ready: Promise.resolve() }),
  });

describe('W4 chat composer', () => {
  it('W4 Enter sends the trimmed text and clears the box; Shift+Enter and IME composition do not send', async () => {
    const sent: string[] = [];
    renderInApp(
      <ChatComposer
        busy={false}
        stopping={false}
        onSend={async (text) => {
          sent.push(text);
          return true;
        }}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: '  line one\nline two  ' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(sent).toEqual([]);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(sent).toEqual(['line one\nline two']));
    await waitFor(() => expect(box.value).toBe(''));
    expect(sendsOnKey({ key: 'Enter', shiftKey: false, nativeEvent: { isComposing: true } })).toBe(false);
    expect(sendsOnKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(sendsOnKey({ key: 'a', shiftKey: false })).toBe(false);
  });

  it('W4 while a run is active nothing is sent and Stop is offered; a failed send keeps the text', async () => {
    const sent: string[] = [];
    let stopped = 0;
    renderInApp(
      <ChatComposer
        busy
        stopping={false}
        onStop={() => stopped++}
        onSend={async (text) => sent.push(text) > 0}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    expect(box.readOnly).toBe(true);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(box, { target: { value: 'hello' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(stopped).toBe(1);
    expect(sent).toEqual([]);
    cleanup();

    renderInApp(<ChatComposer busy={false} stopping={false} onSend={async () => false} />);
    const again = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    fireEvent.change(again, { target: { value: 'keep me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(again.value).toBe('keep me');
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
  });
});
