import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createApiClient } from '../../src/api/create-api-client.js';
import { AppProviders } from '../../src/app/app-providers.js';
import { MessageContent } from '../../src/chat/message-content.js';
import { createI18n } from '../../src/i18n/create-i18n.js';

/** A ```widget fence around a widget (an object is written as JSON). */
export const widgetFence = (widget: unknown) =>
  `\`\`\`widget\n${typeof widget === 'string' ? widget : JSON.stringify(widget, null, 2)}\n\`\`\``;

/** What a test's onSend saw, and how it answers (resolve or reject). */
export function recordingSender(answer: 'resolve' | 'reject' = 'resolve') {
  const sent: string[] = [];
  let mode = answer;
  return {
    sent,
    answerWith(next: 'resolve' | 'reject') {
      mode = next;
    },
    onSend: async (text: string) => {
      sent.push(text);
      if (mode === 'reject') throw new Error('the conversation is busy');
    },
  };
}

/** Renders one assistant message in the app's providers. */
export function renderMessage(
  text: string,
  options: { streaming?: boolean; canSend?: boolean; onSend?: (text: string) => Promise<void> } = {},
) {
  const onSend = options.onSend ?? recordingSender().onSend;
  const client = createApiClient({ baseUrl: 'http://127.0.0.1:9' });
  const i18n = createI18n('en');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders client={client} i18n={i18n}>
      {children}
    </AppProviders>
  );
  const view = render(
    <MessageContent
      text={text}
      streaming={options.streaming ?? false}
      canSend={options.canSend ?? true}
      onSend={onSend}
    />,
    { wrapper },
  );
  return {
    ...view,
    rerenderWith: (next: string, more: { streaming?: boolean; canSend?: boolean } = {}) =>
      view.rerender(
        <MessageContent
          text={next}
          streaming={more.streaming ?? options.streaming ?? false}
          canSend={more.canSend ?? options.canSend ?? true}
          onSend={onSend}
        />,
      ),
  };
}
