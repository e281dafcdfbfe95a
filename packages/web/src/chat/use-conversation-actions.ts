import { SkilldockError } from '@skilldock/core/errors';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useChatActions, useRefreshChat } from './chat-queries';
import { titleFromPrompt } from './title-from-prompt';
import type { StartedRun } from './use-shown-run';

/** What {@link useConversationActions} needs from the page. */
export interface ConversationActionsOptions {
  readonly agentId: string;
  readonly conversationId: string | undefined;
  /** Reloads the conversation (its runs and approvals). */
  readonly reload: () => Promise<unknown>;
  /** Shows the newest turn. */
  readonly followNow: () => void;
  /** A run was started (sent, or retried as a new run): follow it. */
  readonly onStarted: (started: StartedRun) => void;
  /** The retried run goes on in place: follow its stream again from the start. */
  readonly onResumed: () => void;
}

/**
 * The writes of one conversation (SPEC W4): send (creating the conversation on its first message),
 * Stop, Retry and forgetting an "always allow" rule, each reloading the conversation after, and the
 * send's failure until it is dismissed or the next send.
 */
export function useConversationActions({
  agentId,
  conversationId,
  reload,
  followNow,
  onStarted,
  onResumed,
}: ConversationActionsOptions) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useChatActions();
  const refresh = useRefreshChat();
  const [sendError, setSendError] = useState<unknown>(null);

  const cancel = useMutation({
    mutationFn: (runId: string) => actions.cancelRun(runId),
    onSettled: async () => {
      await reload();
      followNow();
    },
  });
  const retry = useMutation({
    mutationFn: (runId: string) => actions.retryRun(runId),
    onSuccess: (answer) => {
      if (conversationId === undefined) return;
      // The same run goes on: follow its stream again from the start. A new run is followed as sent.
      if (answer.resumed) onResumed();
      else onStarted({ conversationId, run: answer.run });
    },
    onSettled: async () => {
      await reload();
      followNow();
    },
  });
  const forget = useMutation({
    mutationFn: (toolName: string) => actions.forgetAlwaysAllowed(conversationId!, toolName),
    onSettled: reload,
  });

  const send = async (prompt: string): Promise<boolean> => {
    setSendError(null);
    let id = conversationId;
    try {
      if (id === undefined)
        id = (await actions.createConversation(agentId, titleFromPrompt(prompt))).conversation.id;
      const { run } = await actions.startRun(id, prompt);
      onStarted({ conversationId: id, run });
      followNow();
      return true;
    } catch (error) {
      setSendError(error);
      return false;
    } finally {
      if (id !== undefined && id !== conversationId) void navigate(`/agents/${agentId}/chat/${id}`);
      if (id !== undefined) await refresh(agentId, id);
    }
  };
  // A widget's message (a button, a form's answers) throws on failure: the widget shows it in place.
  const sendFromMessage = async (text: string) => {
    if (!(await send(text))) throw new SkilldockError('chat_send_failed', t('chat.sendFailedShort'));
  };

  return {
    send,
    sendFromMessage,
    sendError,
    dismissSendError: () => setSendError(null),
    cancel,
    retry,
    forget,
  };
}
