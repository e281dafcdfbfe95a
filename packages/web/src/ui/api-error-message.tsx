import { Alert, Button, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';

/** An error as people read it: what happened in their language, and the server's own words below. */
export interface DescribedError {
  /** What happened and what to do next, from the error's code (`errors:<code>`). */
  readonly summary: string;
  /** The server's (or the browser's) message, when it says more than the summary; never translated. */
  readonly detail: string | null;
  /** The stable code, shown so a report to an admin can name it; null for a failure without one. */
  readonly code: string | null;
}

/** The stable code of anything thrown: an API answer's, a Skilldock error's, a stored run's. */
function codeOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[a-z][a-z0-9_]*$/.test(code) ? code : null;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(error);
}

/**
 * The text of `key` in the `errors` namespace (the codes' texts, `errors.<language>.json`), or ''
 * when there is none. Those keys are not typed: they are the server's codes, checked by a test
 * against its registry instead.
 */
function errorText(t: TFunction, key: string, values: Record<string, unknown> = {}): string {
  return (t as unknown as (key: string, options: Record<string, unknown>) => string)(key, {
    ...values,
    ns: 'errors',
    defaultValue: '',
  });
}

/**
 * Describes any failure the web app shows (W6): an error code the server registered reads as its
 * `errors:<code>` text; an answer without a known code by its HTTP status; a request that never got
 * an answer as a connection failure. The message the server wrote stays as the detail.
 * @example describeApiError(new ApiError(403, 'host_not_allowed', 'Refusing …'), t).summary
 */
export function describeApiError(error: unknown, t: TFunction): DescribedError {
  const code = codeOf(error);
  const message = messageOf(error).trim();
  const summary = summaryOf(error, code, t);
  return { summary, detail: message === '' || message === summary ? null : message, code };
}

function summaryOf(error: unknown, code: string | null, t: TFunction): string {
  const ofCode = code === null ? '' : errorText(t, code);
  if (ofCode !== '') return ofCode;
  if (error instanceof ApiError) {
    const { status } = error;
    if (status === 401 || status === 403 || status === 404 || status === 429)
      return errorText(t, `http_${status}`);
    return errorText(t, status >= 500 ? 'http_5xx' : 'http_4xx', { status });
  }
  // fetch rejects with a TypeError when no answer came at all (offline, the server down).
  return errorText(t, error instanceof TypeError ? 'network' : 'unexpected');
}

/** Props of {@link ApiErrorMessage}. */
export interface ApiErrorMessageProps {
  readonly error: unknown;
  /** A heading over the message: what failed (a load, a save, the answer). */
  readonly title?: ReactNode;
  /** Replaces the code's text where the page knows better what the failure means here. */
  readonly summary?: string;
  /** Offers "Try again". */
  readonly onRetry?: () => void;
  readonly onClose?: () => void;
  readonly mt?: 'xs' | 'sm' | 'md' | 'lg';
  readonly testId?: string;
  /** More to show under the message (a list of what failed, a button). */
  readonly children?: ReactNode;
}

/**
 * The one way the web app shows a failure (W6): the code's text in the reader's language, the
 * server's own message and the code below it in smaller text, and "Try again" when given.
 */
export function ApiErrorMessage({
  error,
  title,
  summary,
  onRetry,
  onClose,
  mt,
  testId,
  children,
}: ApiErrorMessageProps) {
  const { t } = useTranslation();
  const described = describeApiError(error, t);
  const shown = summary ?? described.summary;
  const detail = described.detail === shown ? null : described.detail;
  return (
    <Alert
      color="red"
      role="alert"
      title={title}
      mt={mt}
      data-testid={testId}
      {...(onClose === undefined
        ? {}
        : { withCloseButton: true, onClose, closeButtonLabel: t('common.close') })}
    >
      <Stack gap={4} align="flex-start">
        <Text size="sm">{shown}</Text>
        {detail === null && described.code === null ? null : (
          <Text size="xs" c="dimmed" data-testid="error-detail">
            {detail}
            {detail !== null && described.code !== null ? ' · ' : null}
            {described.code === null ? null : <code>{described.code}</code>}
          </Text>
        )}
        {children}
        {onRetry === undefined ? null : (
          <Button size="xs" variant="light" color="red" onClick={onRetry} mt={4}>
            {t('app.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
