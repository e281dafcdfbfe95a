/**
 * Draws a W4 chart with Chart.js — imported only from chart.tsx's `import()`, so Chart.js loads
 * when the first chart shows, never with the page. Only the parts the two chart types use are
 * registered (tree-shaken), not `chart.js/auto`.
 */

import type { WidgetNodeOf } from '@skilldock/core/widgets';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

/** The colours a chart takes from the theme. */
export interface ChartColors {
  readonly series: readonly string[];
  readonly text: string;
  readonly grid: string;
}

/** Draws the chart on a canvas; the caller destroys it when the widget goes or the theme changes. */
export function drawChart(
  canvas: HTMLCanvasElement,
  node: WidgetNodeOf<'BarChart' | 'LineChart'>,
  colors: ChartColors,
): { destroy(): void } {
  const axisTitle = (text: string) => ({ display: true, text, color: colors.text });
  return new Chart(canvas, {
    type: node.type === 'BarChart' ? 'bar' : 'line',
    data: {
      labels: [...node.labels],
      datasets: node.series.map((series, index) => {
        const color = colors.series[index % colors.series.length]!;
        return { label: series.name, data: [...series.values], backgroundColor: color, borderColor: color };
      }),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: {
        legend: { display: node.series.length > 1, labels: { color: colors.text } },
        tooltip: {
          callbacks: {
            label: (item) => `${item.dataset.label ?? ''}: ${item.formattedValue} ${node.yAxis.unit}`,
          },
        },
      },
      scales: {
        x: {
          title: axisTitle(node.xAxis.label),
          ticks: { color: colors.text },
          grid: { color: colors.grid },
        },
        y: {
          title: axisTitle(`${node.yAxis.label} (${node.yAxis.unit})`),
          ticks: { color: colors.text },
          grid: { color: colors.grid },
        },
      },
    },
  });
}
