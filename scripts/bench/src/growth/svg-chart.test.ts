import { describe, expect, it } from 'vitest';
import { renderBarChart } from './svg-chart.ts';

const series = [
  { name: 'Baton', color: '#111' },
  { name: 'SDK <js>', color: '#222' },
];

function bars(svg: string) {
  return [
    ...svg.matchAll(/<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)" fill="(#\d+)"><title>/g),
  ].map((match) => ({ y: Number(match[1]), height: Number(match[2]), color: match[3] }));
}

describe('renderBarChart', () => {
  it('draws one bar per measured value, as tall as its value, and leaves out what was not measured', () => {
    const svg = renderBarChart({
      title: 'Per-event cost',
      unit: 'µs per event',
      series,
      groups: [
        { label: '10 chunks', values: [4, 8] },
        { label: '1,000 chunks', values: [2, undefined] },
      ],
    });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    const drawn = bars(svg);
    expect(drawn.map((bar) => bar.color)).toEqual(['#111', '#222', '#111']);
    const [four, eight, two] = drawn.map((bar) => bar.height);
    expect(eight).toBeCloseTo((four ?? 0) * 2, 0);
    expect(four).toBeCloseTo((two ?? 0) * 2, 0);
    expect(svg).toContain('>8.00</text>');
  });

  it('escapes the labels it prints', () => {
    const svg = renderBarChart({
      title: 'A & B',
      unit: 'x',
      series,
      groups: [{ label: '<1k>', values: [1, 1] }],
    });
    expect(svg).toContain('A &amp; B');
    expect(svg).toContain('&lt;1k&gt;');
    expect(svg).toContain('SDK &lt;js&gt;');
    expect(svg).not.toContain('<1k>');
  });
});
