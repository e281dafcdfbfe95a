import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiErrorMessage } from '../ui/api-error-message';
import type { ApprovalOutcome, ChatItem, SubagentView, ToolStatus } from './chat-items';
import { MessageContent } from './message-content';
import { NeutralText } from './neutral-text';

/** Most characters of a tool's input or result shown inline; the rest is cut with a note. */
const MAX_SHOWN = 4000;

const STATUS_COLOURS: Record<ToolStatus, string> = {
  running: 'blue',
  waiting: 'yellow',
  done: 'green',
  failed: 'red',
  refused: 'orange',
  denied: 'orange',
  cancelled: 'gray',
};

/** `text` cut to {@link MAX_SHOWN} characters. */
function shown(text: string): string {
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}\n…` : text;
}

/** A tool's JSON arguments laid out for reading (as they came when they are not JSON). */
export function prettyInput(input: string): string {
  if (input === '') return '';
  try {
    return JSON.stringify(JSON.parse(input), null, 2);
  } catch {
    return input;
  }
}

function ApprovalNote({ approval }: { approval: ApprovalOutcome }) {
  const { t } = useTranslation();
  const text =
    approval.decision === 'deny'
      ? approval.reason === undefined
        ? t('chat.tool.deniedBy')
        : t('chat.tool.deniedReason', { reason: approval.reason })
      : approval.decidedBy === 'rule'
        ? t('chat.tool.allowedByRule')
        : approval.decidedBy === 'policy'
          ? t('chat.tool.allowedByPolicy')
          : approval.always
            ? t('chat.tool.allowedAlways')
            : t('chat.tool.allowedOnce');
  return (
    <Text size="xs" c="dimmed" data-testid="approval-note">
      {text}
    </Text>
  );
}

function SubagentActivity({ subagent }: { subagent: SubagentView }) {
  const { t } = useTranslation();
  const statusKey = (['running', 'completed', 'cancelled', 'failed'] as const).find(
    (status) => status === subagent.status,
  );
  return (
    <details
      className="chat-activity chat-subagent"
      open={subagent.status === 'running'}
      data-testid="subagent"
    >
      <summary>
        <Group gap="xs" component="span" wrap="wrap">
          <Text component="span" size="sm" fw={600}>
            {t('chat.subagent.label', { name: subagent.name })}
          </Text>
          <Badge size="sm" variant="light" color={subagent.status === 'running' ? 'blue' : 'gray'}>
            {statusKey === undefined ? subagent.status : t(`chat.subagent.status.${statusKey}`)}
          </Badge>
        </Group>
      </summary>
      <Stack gap="xs" className="chat-activity-body">
        {subagent.items.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('chat.subagent.empty')}
          </Text>
        ) : (
          <ActivityList items={subagent.items} canSend={false} onSend={async () => {}} />
        )}
        {subagent.error === undefined ? null : <ApiErrorMessage error={subagent.error} />}
      </Stack>
    </details>
  );
}

function ToolActivity({ item }: { item: Extract<ChatItem, { kind: 'tool' }> }) {
  const { t } = useTranslation();
  const input = prettyInput(item.input);
  return (
    <details
      className="chat-activity"
      data-testid="tool-activity"
      data-tool={item.name}
      data-status={item.status}
    >
      <summary>
        <Group gap="xs" component="span" wrap="wrap">
          <Text component="span" size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {item.subagent === undefined || item.subagent.name === ''
              ? t('chat.tool.label', { name: item.name })
              : t('chat.tool.delegation', { name: item.subagent.name })}
          </Text>
          <Badge size="sm" variant="light" color={STATUS_COLOURS[item.status]}>
            {t(`chat.tool.status.${item.status}`)}
          </Badge>
        </Group>
      </summary>
      <Stack gap={6} className="chat-activity-body">
        {item.approval === undefined ? null : <ApprovalNote approval={item.approval} />}
        {input === '' ? null : (
          <div>
            <Text size="xs" fw={600}>
              {t('chat.tool.input')}
            </Text>
            <pre className="chat-pre">
              <NeutralText text={shown(input)} />
            </pre>
          </div>
        )}
        {item.subagent === undefined ? null : <SubagentActivity subagent={item.subagent} />}
        <div>
          <Text size="xs" fw={600}>
            {t('chat.tool.result')}
          </Text>
          {item.result === undefined ? (
            <Text size="xs" c="dimmed">
              {t('chat.tool.noResult')}
            </Text>
          ) : (
            <pre className="chat-pre">
              <NeutralText text={shown(item.result)} />
            </pre>
          )}
        </div>
      </Stack>
    </details>
  );
}

/**
 * A turn's items as the chat shows them: the user's text, the assistant's text through
 * {@link MessageContent}, tool calls, skill activations and sub-agents as collapsible lines.
 */
export function ActivityList({
  items,
  canSend,
  onSend,
}: {
  readonly items: readonly ChatItem[];
  readonly canSend: boolean;
  readonly onSend: (text: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {items.map((item) => {
        switch (item.kind) {
          case 'user':
            return (
              <div key={item.key} className="chat-user-message" data-testid="user-message">
                <span className="visually-hidden">{t('chat.you')}: </span>
                {item.text}
              </div>
            );
          case 'text':
            return (
              <div
                key={item.key}
                className="chat-assistant-text"
                data-testid="assistant-text"
                data-streaming={item.streaming ? 'true' : undefined}
              >
                <MessageContent
                  text={item.text}
                  streaming={item.streaming}
                  canSend={canSend}
                  onSend={onSend}
                />
                {item.partial === undefined ? null : (
                  <Badge
                    variant="light"
                    color={item.partial === 'failed' ? 'red' : 'gray'}
                    mt={4}
                    style={{ textTransform: 'none' }}
                    data-testid="partial-answer"
                    data-reason={item.partial}
                  >
                    {t(`chat.partial.${item.partial}`)}
                  </Badge>
                )}
              </div>
            );
          case 'tool':
            return <ToolActivity key={item.key} item={item} />;
          case 'skill':
            return (
              <Group key={item.key} gap="xs" data-testid="skill-activation">
                <Badge variant="light" color="grape" size="sm" style={{ textTransform: 'none' }}>
                  {t('chat.skill.activated', { id: item.skillId })}
                </Badge>
              </Group>
            );
          case 'notice':
            return (
              <Text key={item.key} size="xs" c="dimmed">
                {item.text}
              </Text>
            );
          default:
            return null;
        }
      })}
    </>
  );
}
