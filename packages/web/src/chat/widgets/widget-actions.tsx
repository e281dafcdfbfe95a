/**
 * What widget controls may do, from the message that holds them: send an ordinary user message,
 * and only while the conversation can take one (SPEC W4: read-only while the model generates).
 */
import { createContext, useContext } from 'react';

/** The page's side of a widget: whether it may send, and how. */
export interface WidgetActions {
  /** False while the model is generating or the conversation cannot take messages. */
  readonly canSend: boolean;
  /** Sends an ordinary user message; rejects when it could not be sent. */
  readonly onSend: (text: string) => Promise<void>;
}

const WidgetActionsContext = createContext<WidgetActions>({
  canSend: false,
  onSend: () => Promise.reject(new Error('no conversation to send to')),
});

/** Gives the widgets of one message their actions. */
export const WidgetActionsProvider = WidgetActionsContext.Provider;

/** The actions of the message a widget is in. */
export const useWidgetActions = () => useContext(WidgetActionsContext);
