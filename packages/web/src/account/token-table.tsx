import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { formatDateTime } from '../ui/format-date-time';
import { type ApiToken, tokenStatus } from './token-scopes';

const STATUS_COLOR = { active: 'green', revoked: 'gray', expired: 'orange' } as const;

/** Props of {@link TokenTable}. */
export interface TokenTableProps {
  readonly tokens: readonly ApiToken[];
  /** Each token's owner's name, for the admin's list of everyone's tokens; no owner column without it. */
  readonly owner?: ReadonlyMap<string, string>;
  /** Revokes; the dialog closes when it resolves and shows the refusal when it rejects. */
  readonly onRevoke: (id: string) => Promise<unknown>;
  readonly revoking: boolean;
  readonly revokeError: Error | null;
  /** Called when the revoke dialog closes without revoking, so a stale refusal is not kept. */
  readonly onDismiss: () => void;
}

/** API tokens with their scopes, expiry, last use and status; revoking one asks first. */
export function TokenTable({ tokens, owner, onRevoke, revoking, revokeError, onDismiss }: TokenTableProps) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState<ApiToken | null>(null);
  const when = (iso: string | null, none: string) =>
    iso === null ? none : formatDateTime(iso, i18n.language);
  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('tokens.name')}</Table.Th>
              {owner === undefined ? null : <Table.Th>{t('tokens.owner')}</Table.Th>}
              <Table.Th>{t('tokens.scopes')}</Table.Th>
              <Table.Th>{t('tokens.created')}</Table.Th>
              <Table.Th>{t('tokens.expires')}</Table.Th>
              <Table.Th>{t('tokens.lastUsed')}</Table.Th>
              <Table.Th>{t('tokens.status')}</Table.Th>
              <Table.Th>
                <span className="visually-hidden">{t('tokens.revoke')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.map((token) => {
              const status = tokenStatus(token);
              return (
                <Table.Tr key={token.id}>
                  <Table.Td>{token.name}</Table.Td>
                  {owner === undefined ? null : (
                    <Table.Td ff="monospace">{owner.get(token.userId) ?? token.userId}</Table.Td>
                  )}
                  <Table.Td>
                    <Group gap={4}>
                      {token.scopes.map((scope) => (
                        <Badge key={scope} variant="outline" tt="none" size="sm">
                          {scope}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>{when(token.createdAt, '')}</Table.Td>
                  <Table.Td>{when(token.expiresAt, t('tokens.noExpiry'))}</Table.Td>
                  <Table.Td>{when(token.lastUsedAt, t('tokens.never'))}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[status]} variant="light">
                      {t(`tokens.status_${status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {token.revokedAt === null ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => setConfirming(token)}
                        aria-label={t('tokens.revokeNamed', { name: token.name })}
                      >
                        {t('tokens.revoke')}
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {confirming === null ? null : (
        <ConfirmDialog
          title={t('tokens.revokeTitle', { name: confirming.name })}
          body={t('tokens.revokeBody')}
          confirmLabel={t('tokens.revoke')}
          pending={revoking}
          error={revokeError}
          onConfirm={() =>
            void onRevoke(confirming.id).then(
              () => setConfirming(null),
              () => undefined,
            )
          }
          onClose={() => {
            setConfirming(null);
            onDismiss();
          }}
          testId="revoke-token-dialog"
        />
      )}
      {tokens.length === 0 ? <Text>{t('tokens.empty')}</Text> : null}
    </>
  );
}
