import { ActionIcon, Button, Group, Menu, Modal, NavLink, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../api/api-error';
import { ApiErrorMessage } from '../ui/api-error-message';
import { formatDateTime } from '../ui/format-date-time';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';
import { type Conversation, useChatActions, useConversations, useRefreshChat } from './chat-queries';

/** A conversation's title, or "Untitled conversation". */
export function useTitleOf() {
  const { t } = useTranslation();
  return (conversation: Pick<Conversation, 'title'>) =>
    conversation.title.trim() === '' ? t('chat.untitled') : conversation.title;
}

function RenameDialog({
  conversation,
  onClose,
}: {
  readonly conversation: Conversation;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const actions = useChatActions();
  const refresh = useRefreshChat();
  const [title, setTitle] = useState(conversation.title);
  const rename = useMutation({
    mutationFn: () => actions.renameConversation(conversation.id, title.trim()),
    onSuccess: async () => {
      await refresh(conversation.agentId, conversation.id);
      onClose();
    },
  });
  const tooLong = title.trim().length > 200;
  return (
    <Modal opened onClose={onClose} title={t('chat.renameTitle')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!tooLong) rename.mutate();
        }}
      >
        <TextInput
          label={t('chat.titleLabel')}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value.replace(/[\u0000-\u001f\u007f]/g, ''))}
          error={tooLong ? t('chat.titleTooLong') : undefined}
          data-autofocus
        />
        {rename.error === null ? null : <ApiErrorMessage error={rename.error} mt="sm" />}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={rename.isPending} disabled={tooLong}>
            {t('chat.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

function DeleteDialog({
  conversation,
  open,
  onClose,
}: {
  readonly conversation: Conversation;
  readonly open: boolean;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleOf = useTitleOf();
  const actions = useChatActions();
  const refresh = useRefreshChat();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => actions.deleteConversation(conversation.id),
    onSuccess: async () => {
      await refresh(conversation.agentId);
      onClose();
      if (open) void navigate(`/agents/${conversation.agentId}/chat`, { replace: true });
    },
  });
  const error = remove.error;
  return (
    <Modal opened onClose={onClose} title={t('chat.deleteTitle', { title: titleOf(conversation) })}>
      <Text>{t('chat.deleteBody')}</Text>
      {error === null ? null : (
        <ApiErrorMessage
          error={error}
          mt="md"
          {...(error instanceof ApiError && error.code === 'run_active'
            ? { summary: t('chat.deleteRunActive') }
            : {})}
        />
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
          {t('chat.deleteConfirm')}
        </Button>
      </Group>
    </Modal>
  );
}

/**
 * The viewer's conversations with one agent (SPEC W4), most recent first: a link to each, a new
 * one, and rename and delete (with a confirmation) from each one's menu.
 */
export function ConversationList({
  agentId,
  openId,
  onNavigate,
}: {
  readonly agentId: string;
  readonly openId: string | undefined;
  /** Called after a link is followed (the drawer closes on narrow screens). */
  readonly onNavigate?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const titleOf = useTitleOf();
  const conversations = useConversations(agentId);
  const [dialog, setDialog] = useState<{ kind: 'rename' | 'delete'; conversation: Conversation } | null>(
    null,
  );
  return (
    <Stack gap="xs">
      <Button component={Link} to={`/agents/${agentId}/chat`} variant="light" onClick={onNavigate}>
        {t('chat.newConversation')}
      </Button>
      {conversations.isPending ? (
        <PageLoader />
      ) : conversations.isError ? (
        <QueryError error={conversations.error} onRetry={() => void conversations.refetch()} />
      ) : conversations.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('chat.noConversations')}
        </Text>
      ) : (
        <ul className="plain-list" aria-label={t('chat.conversations')} data-testid="conversation-list">
          {conversations.data.map((conversation) => {
            const title = titleOf(conversation);
            return (
              <li key={conversation.id} className="chat-conversation-row">
                <NavLink
                  component={Link}
                  to={`/agents/${agentId}/chat/${conversation.id}`}
                  label={title}
                  // The date is seen and heard, but the link is named by its title alone.
                  aria-label={title}
                  aria-describedby={`conversation-date-${conversation.id}`}
                  description={
                    <time id={`conversation-date-${conversation.id}`} dateTime={conversation.updatedAt}>
                      {formatDateTime(conversation.updatedAt, i18n.language)}
                    </time>
                  }
                  active={conversation.id === openId}
                  aria-current={conversation.id === openId ? 'page' : undefined}
                  onClick={onNavigate}
                  styles={{ label: { overflowWrap: 'anywhere' } }}
                />
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('chat.conversationActions', { title })}
                    >
                      <span aria-hidden="true">⋯</span>
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => setDialog({ kind: 'rename', conversation })}>
                      {t('chat.rename')}
                    </Menu.Item>
                    <Menu.Item color="red" onClick={() => setDialog({ kind: 'delete', conversation })}>
                      {t('chat.delete')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </li>
            );
          })}
        </ul>
      )}
      {dialog?.kind === 'rename' ? (
        <RenameDialog conversation={dialog.conversation} onClose={() => setDialog(null)} />
      ) : dialog?.kind === 'delete' ? (
        <DeleteDialog
          conversation={dialog.conversation}
          open={dialog.conversation.id === openId}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Stack>
  );
}
