import { Button, Drawer, Group, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ChatConversation } from '../chat/chat-conversation';
import { useChatAgent, useConversations } from '../chat/chat-queries';
import { ConversationList, useTitleOf } from '../chat/conversation-list';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';
import '../chat/chat-page.css';

/**
 * Chat with an agent (SPEC W4): `/agents/:agentId/chat` starts a new conversation,
 * `/agents/:agentId/chat/:conversationId` opens one. The agent's conversations are listed beside
 * it on wide screens and in a drawer on narrow ones.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const { agentId = '', conversationId } = useParams();
  const agent = useChatAgent(agentId);
  const conversations = useConversations(agentId);
  const titleOf = useTitleOf();
  const [drawer, { open, close }] = useDisclosure(false);
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  if (agent.isPending) return <PageLoader />;
  if (agent.isError) return <QueryError error={agent.error} onRetry={() => void agent.refetch()} />;
  const open_ = conversations.data?.find((conversation) => conversation.id === conversationId);
  const list = <ConversationList agentId={agentId} openId={conversationId} onNavigate={close} />;
  return (
    <div className="chat-layout">
      {wide ? (
        <nav className="chat-sidebar" aria-label={t('chat.conversations')}>
          {list}
        </nav>
      ) : (
        <Drawer
          opened={drawer}
          onClose={close}
          title={t('chat.conversations')}
          size="85%"
          closeButtonProps={{ 'aria-label': t('chat.close') }}
        >
          <nav aria-label={t('chat.conversations')}>{list}</nav>
        </Drawer>
      )}
      <div className="chat-main">
        <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {t('chat.title', { name: agent.data.name })}
            </Title>
            <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {open_ === undefined ? t('chat.newConversation') : titleOf(open_)}
            </Text>
          </div>
          {wide ? null : (
            <Button
              variant="default"
              size="xs"
              onClick={open}
              aria-haspopup="dialog"
              style={{ flexShrink: 0 }}
            >
              {t('chat.openConversations')}
            </Button>
          )}
        </Group>
        <ChatConversation
          key={agentId}
          agentId={agentId}
          agentName={agent.data.name}
          conversationId={conversationId}
        />
      </div>
    </div>
  );
}
