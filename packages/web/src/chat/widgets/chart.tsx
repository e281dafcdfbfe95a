/**
 * BarChart and LineChart (SPEC W4): a title, the canvas Chart.js draws (loaded lazily), labelled
 * axes with the unit, the source line (a link when `sourceUrl` is https), and the numbers as a
 * table behind a disclosure so they are readable without the canvas — by screen readers, in a
 * text browser, or before Chart.js has loaded.
 */
import { Anchor, Text, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import type { WidgetNodeOf } from '@skilldock/core/widgets';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { safeHttpsUrl } from './safe-url';

type ChartNode = WidgetNodeOf<'BarChart' | 'LineChart'>;

const SERIES_PALETTES = ['blue', 'teal', 'orange', 'grape', 'red', 'cyan', 'lime', 'pink'] as const;

/** The chart's colours for the current theme. */
function useChartColors() {
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const dark = scheme === 'dark';
  return {
    scheme,
    series: SERIES_PALETTES.map((palette) => theme.colors[palette]![dark ? 4 : 6]!),
    text: dark ? theme.colors.dark[0]! : theme.colors.gray[7]!,
    grid: dark ? theme.colors.dark[4]! : theme.colors.gray[2]!,
  };
}

/** The chart as drawn on a canvas; nothing when the browser cannot draw (no 2D context). */
function ChartCanvas({ node, label }: { readonly node: ChartNode; readonly label: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const colors = useChartColors();
  const [drawn, setDrawn] = useState<'loading' | 'drawn' | 'failed'>('loading');
  const colorKey = `${colors.scheme}:${colors.series.join()}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: redraw when the widget or the theme's colours change
  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas === null || canvas.getContext('2d') === null) {
      setDrawn('failed');
      return;
    }
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    import('./chart-draw')
      .then(({ drawChart }) => {
        if (cancelled) return;
        chart = drawChart(canvas, node, colors);
        setDrawn('drawn');
      })
      .catch(() => setDrawn('failed'));
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [node, colorKey]);

  return (
    <div className="sd-widget-chart-canvas" data-drawn={drawn}>
      <canvas ref={canvasRef} role="img" aria-label={label} />
    </div>
  );
}

/** One chart widget. */
export function WidgetChart({ node }: { readonly node: ChartNode }) {
  const { t } = useTranslation();
  const sourceUrl = safeHttpsUrl(node.sourceUrl);
  const unit = node.yAxis.unit;
  const label = t(node.type === 'BarChart' ? 'widget.chart.describeBar' : 'widget.chart.describeLine', {
    title: node.title,
    y: node.yAxis.label,
    unit,
    x: node.xAxis.label,
  });
  const source = t('widget.chart.source', { source: node.source });
  return (
    <figure data-widget={node.type} className="sd-widget-chart">
      <Text fw={600} size="sm" component="figcaption">
        {node.title}
      </Text>
      <ChartCanvas node={node} label={label} />
      <Text size="xs" c="dimmed" data-part="source">
        {sourceUrl === undefined ? (
          source
        ) : (
          <Anchor href={sourceUrl} target="_blank" rel="noopener noreferrer" size="xs">
            {source}
          </Anchor>
        )}
      </Text>
      <details className="sd-widget-chart-data">
        <summary>{t('widget.chart.showData')}</summary>
        <table>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">{node.xAxis.label}</th>
              {node.series.map((series, column) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: series names may repeat; columns never reorder
                <th key={column} scope="col">
                  {`${series.name} (${unit})`}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {node.labels.map((rowLabel, row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; rows never reorder
              <tr key={row}>
                <th scope="row">{rowLabel}</th>
                {node.series.map((series, column) => {
                  const value = series.values[row];
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: series names may repeat; columns never reorder
                    <td key={column}>
                      {value === null || value === undefined ? t('widget.chart.missing') : String(value)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
