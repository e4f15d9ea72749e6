/**
 * Grouped bar charts as standalone SVG, for the bench report: one group per workload or size, one bar per
 * target, each bar labelled with its value so the shape reads at a glance and the figure without a tooltip.
 */

export interface ChartSeries {
  readonly name: string;
  readonly color: string;
}

export interface ChartGroup {
  readonly label: string;
  /** One value per series, in series order; `undefined` leaves the bar out (not measured). */
  readonly values: readonly (number | undefined)[];
}

export interface BarChart {
  readonly title: string;
  /** What the values are, shown on the y axis: "µs per event", "× ceiling". */
  readonly unit: string;
  readonly series: readonly ChartSeries[];
  readonly groups: readonly ChartGroup[];
  /** How a value is printed on its bar. */
  readonly format?: (value: number) => string;
}

/** The colours the report uses for its targets. */
export const TARGET_COLORS = {
  baton: '#2f6fdf',
  sdk: '#e8833a',
  floor: '#3a9d5d',
  ceiling: '#8c8c8c',
} as const;

const WIDTH = 720;
const HEIGHT = 300;
const MARGIN = { top: 44, right: 16, bottom: 56, left: 64 };

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

// A round axis top at or above `max`: 1, 2 or 5 times a power of ten.
function niceCeiling(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 5, 10].find((step) => step * power >= max) ?? 10) * power;
}

function defaultFormat(value: number): string {
  if (value >= 100) return Math.round(value).toLocaleString('en-US');
  return value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

/** Renders a grouped bar chart as an SVG document. */
export function renderBarChart(chart: BarChart): string {
  const format = chart.format ?? defaultFormat;
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const values = chart.groups.flatMap((group) => group.values.filter((v): v is number => v !== undefined));
  const top = niceCeiling(Math.max(0, ...values));
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  const groupWidth = plotWidth / Math.max(1, chart.groups.length);
  const barWidth = (groupWidth * 0.8) / Math.max(1, chart.series.length);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="system-ui, sans-serif" font-size="12" role="img">`,
    `<title>${escapeXml(chart.title)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<text x="${MARGIN.left}" y="20" font-size="14" font-weight="600">${escapeXml(chart.title)}</text>`,
  ];
  for (let tick = 0; tick <= 4; tick++) {
    const value = (top * tick) / 4;
    const at = y(value).toFixed(1);
    parts.push(
      `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${at}" y2="${at}" stroke="#e3e3e3"/>`,
      `<text x="${MARGIN.left - 6}" y="${at}" text-anchor="end" dominant-baseline="middle" fill="#555">${escapeXml(format(value))}</text>`,
    );
  }
  parts.push(
    `<text transform="translate(14 ${MARGIN.top + plotHeight / 2}) rotate(-90)" text-anchor="middle" fill="#555">${escapeXml(chart.unit)}</text>`,
  );
  chart.groups.forEach((group, groupIndex) => {
    const left = MARGIN.left + groupIndex * groupWidth + groupWidth * 0.1;
    group.values.forEach((value, seriesIndex) => {
      if (value === undefined) return;
      const series = chart.series[seriesIndex];
      const x = left + seriesIndex * barWidth;
      const barTop = y(value);
      parts.push(
        `<rect x="${x.toFixed(1)}" y="${barTop.toFixed(1)}" width="${(barWidth - 2).toFixed(1)}" height="${(MARGIN.top + plotHeight - barTop).toFixed(1)}" fill="${series?.color ?? '#333'}"><title>${escapeXml(`${series?.name ?? ''}, ${group.label}: ${format(value)} ${chart.unit}`)}</title></rect>`,
        `<text x="${(x + barWidth / 2 - 1).toFixed(1)}" y="${(barTop - 4).toFixed(1)}" text-anchor="middle" font-size="10">${escapeXml(format(value))}</text>`,
      );
    });
    parts.push(
      `<text x="${(MARGIN.left + (groupIndex + 0.5) * groupWidth).toFixed(1)}" y="${HEIGHT - MARGIN.bottom + 16}" text-anchor="middle">${escapeXml(group.label)}</text>`,
    );
  });
  chart.series.forEach((series, index) => {
    const x = MARGIN.left + index * 170;
    const legendY = HEIGHT - 16;
    parts.push(
      `<rect x="${x}" y="${legendY - 10}" width="12" height="12" fill="${series.color}"/>`,
      `<text x="${x + 18}" y="${legendY}">${escapeXml(series.name)}</text>`,
    );
  });
  parts.push('</svg>', '');
  return parts.join('\n');
}
