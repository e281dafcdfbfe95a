/**
 * What shows instead of a widget that cannot be drawn (SPEC W4): "generating widget" while its
 * fence is open, or the reasons and the raw content as the model wrote it — never a widget the
 * page "fixed". The raw text is shown in a code block as text, cut at a length the page can
 * always lay out.
 */
import { Alert, Code, List, Loader, Text } from '@mantine/core';
import type { WidgetProblem } from '@skilldock/core/widgets';
import { useTranslation } from 'react-i18next';

/** How much of a refused widget's raw text is shown (the rest is counted). */
export const RAW_PREVIEW_CHARACTERS = 8 * 1024;

/** A widget whose fence is still open. */
export function WidgetGenerating() {
  const { t } = useTranslation();
  return (
    <div data-widget-state="open" className="sd-widget-generating" role="status">
      <Loader size="xs" type="dots" />
      <Text size="sm" c="dimmed">
        {t('widget.generating')}
      </Text>
    </div>
  );
}

/** One problem in the user's language (the technical detail stays as core words it). */
function useProblemText() {
  const { t } = useTranslation();
  return (problem: WidgetProblem): string => {
    switch (problem.kind) {
      case 'too_large':
        return t('widget.problem.tooLarge', {
          size: Math.ceil(problem.bytes / 1024),
          limit: Math.round(problem.limit / 1024),
        });
      case 'json':
        return t('widget.problem.json', {
          line: problem.line,
          column: problem.column,
          reason: problem.message,
        });
      case 'schema':
      case 'rule':
        return t('widget.problem.schema', { path: problem.path, reason: problem.message });
    }
  };
}

/**
 * A fence that is not a widget: why, and what the model wrote. `problems` is empty for a fence
 * the model never closed.
 */
export function WidgetInvalid({
  source,
  problems,
}: {
  readonly source: string;
  readonly problems: readonly WidgetProblem[];
}) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const shown = source.length > RAW_PREVIEW_CHARACTERS ? source.slice(0, RAW_PREVIEW_CHARACTERS) : source;
  return (
    <Alert
      data-widget-state={problems.length === 0 ? 'unfinished' : 'invalid'}
      color="red"
      variant="light"
      title={t(problems.length === 0 ? 'widget.unfinished' : 'widget.invalidTitle')}
      className="sd-widget-invalid"
    >
      {problems.length > 0 && (
        <List size="sm" spacing={2} data-part="problems">
          {problems.map((problem, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: problems are a fixed list
            <List.Item key={index}>{problemText(problem)}</List.Item>
          ))}
        </List>
      )}
      <Text size="xs" c="dimmed" mt="xs">
        {t('widget.raw')}
      </Text>
      <Code block data-part="raw" className="sd-widget-raw">
        {shown}
      </Code>
      {shown.length < source.length && (
        <Text size="xs" c="dimmed">
          {t('widget.rawCut', { count: source.length - shown.length })}
        </Text>
      )}
    </Alert>
  );
}
