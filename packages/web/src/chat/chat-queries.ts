import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import type { components } from '../api/generated/openapi';

export type Conversation = components['schemas']['Conversation'];
export type Run = components['schemas']['Run'];
export type RunFiles = components['schemas']['RunFiles'];

/** The query key of everything the chat loads: invalidating it refreshes lists and conversations. */
export const CHAT_QUERY_KEY = ['chat'] as const;

const conversationsKey = (agentId: string) => [...CHAT_QUERY_KEY, 'conversations', agentId] as const;
const conversationKey = (id: string) => [...CHAT_QUERY_KEY, 'conversation', id] as const;

/** An agent the viewer may read (`GET /api/agents/{id}`). */
export function useChatAgent(agentId: string) {
  const { api } = useApi();
  return useQuery({
    queryKey: ['agents', agentId],
    queryFn: async () =>
      (await unwrap(api.GET('/api/agents/{id}', { params: { path: { id: agentId } } }))).agent,
  });
}

/** The viewer's conversations with one agent, most recently active first. */
export function useConversations(agentId: string) {
  const { api } = useApi();
  return useQuery({
    queryKey: conversationsKey(agentId),
    queryFn: async () =>
      (await unwrap(api.GET('/api/conversations', { params: { query: { agentId } } }))).conversations,
  });
}

/** One conversation with its messages, which run stored each, and its runs. */
export function useConversation(id: string | undefined) {
  const { api } = useApi();
  return useQuery({
    queryKey: conversationKey(id ?? ''),
    enabled: id !== undefined,
    queryFn: () => unwrap(api.GET('/api/conversations/{id}', { params: { path: { id: id! } } })),
  });
}

/** The files a finished run left, with short-lived download links. */
export function useRunFiles(runId: string, enabled: boolean) {
  const { api } = useApi();
  return useQuery({
    queryKey: [...CHAT_QUERY_KEY, 'files', runId],
    enabled,
    // The links expire after 30 minutes: fetch fresh ones well before.
    staleTime: 10 * 60 * 1000,
    refetchInterval: 20 * 60 * 1000,
    queryFn: () => unwrap(api.GET('/api/runs/{id}/files', { params: { path: { id: runId } } })),
  });
}

/** Refreshes the agent's conversation list and one conversation. */
export function useRefreshChat() {
  const queryClient = useQueryClient();
  return (agentId: string, conversationId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: conversationsKey(agentId) }),
      conversationId === undefined
        ? undefined
        : queryClient.invalidateQueries({ queryKey: conversationKey(conversationId) }),
    ]);
}

/** The writes of the chat: conversations, runs, approvals, cancel, retry, "always allow" rules. */
export function useChatActions() {
  const { api } = useApi();
  return {
    createConversation: (agentId: string, title: string) =>
      unwrap(api.POST('/api/conversations', { body: { agentId, title } })),
    renameConversation: (id: string, title: string) =>
      unwrap(api.PATCH('/api/conversations/{id}', { params: { path: { id } }, body: { title } })),
    deleteConversation: (id: string) =>
      unwrap(api.DELETE('/api/conversations/{id}', { params: { path: { id } } })),
    startRun: (conversationId: string, prompt: string) =>
      unwrap(
        api.POST('/api/conversations/{id}/runs', {
          params: { path: { id: conversationId } },
          body: { prompt },
        }),
      ),
    answerApproval: (
      runId: string,
      toolCallId: string,
      answer: { decision: 'allow' | 'deny'; always?: boolean; reason?: string },
    ) =>
      unwrap(
        api.POST('/api/runs/{id}/approvals/{toolCallId}', {
          params: { path: { id: runId, toolCallId } },
          body: answer,
        }),
      ),
    cancelRun: (runId: string) =>
      unwrap(api.POST('/api/runs/{id}/cancel', { params: { path: { id: runId } } })),
    retryRun: (runId: string) =>
      unwrap(api.POST('/api/runs/{id}/retry', { params: { path: { id: runId } } })),
    forgetAlwaysAllowed: (conversationId: string, toolName: string) =>
      unwrap(
        api.DELETE('/api/conversations/{id}/always-allowed-tools/{toolName}', {
          params: { path: { id: conversationId, toolName } },
        }),
      ),
  };
}

/** A mutation over one of {@link useChatActions}' writes, refreshing the chat when it settles. */
export function useChatMutation<Input, Output>(
  write: (input: Input) => Promise<Output>,
  refresh: () => Promise<unknown>,
) {
  return useMutation({ mutationFn: write, onSettled: refresh });
}
