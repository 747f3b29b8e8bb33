import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { ReactNode } from 'react';
import { i18nFor } from '../../i18n/i18n.ts';
import { labelEvery, niceScale } from './chart-scale.ts';
import { BarChart } from './bar-chart.tsx';
import { StackedBarChart } from './stacked-bar-chart.tsx';
import type { Locale } from '../../../domain/shared/translatable.ts';

const render = (locale: Locale, node: ReactNode) => renderToString(<I18nextProvider i18n={i18nFor(locale)}>{node}</I18nextProvider>);
const bars = [
  { key: 'a', label: 'Singers', value: 300, valueText: '₪3' },
  { key: 'b', label: 'DJs', value: 100, valueText: '₪1' },
  { key: 'c', label: 'Clowns', value: 0, valueText: '₪0' },
];
/** x of each column's first bar, in column order. */
const columnXs = (html: string) => [...html.matchAll(/<g role="img"[^>]*>.*?<rect class="chart-bar[^"]*" x="([\d.]+)"/g)].map((match) => Number(match[1]));

describe('chart scale', () => {
  it('rounds the top up to a 1, 2 or 5 step and lists the ticks', () => {
    expect(niceScale(11, { integer: true })).toEqual({ top: 15, ticks: [0, 5, 10, 15] });
    expect(niceScale(3, { integer: true })).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(niceScale(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(niceScale(5_575_000)).toEqual({ top: 6_000_000, ticks: [0, 2_000_000, 4_000_000, 6_000_000] });
    expect(niceScale(0.9, { integer: true }).ticks).toEqual([0, 1]);
  });

  it('labels every n-th category to keep at most the labels asked', () => {
    expect(labelEvery(30, 8)).toBe(4);
    expect(labelEvery(7, 8)).toBe(1);
  });
});

describe('bar charts', () => {
  it('draws vertical columns with values in their names and tooltips, axes labelled, in reading order', () => {
    const chart = (locale: Locale) => render(locale, <BarChart title="Lead time" bars={bars} valueAxisLabel="Orders" categoryAxisLabel="Days" integer empty="none" />);
    const en = chart('en');
    expect(en).toContain('<h2');
    expect(en).toContain('role="group" aria-label="Lead time"');
    expect(en).toContain('aria-label="Singers: ₪3"');
    expect(en).toContain('<title>DJs: ₪1</title>');
    expect(en).toContain('Orders</p>');
    expect(en).toContain('Days</p>');
    expect(en).toMatch(/data-value="300"/);
    // English runs left to right, Hebrew right to left: the first column is drawn at the other end.
    const [firstEn, , lastEn] = columnXs(en);
    expect(firstEn).toBeLessThan(lastEn ?? Number.POSITIVE_INFINITY);
    const he = columnXs(chart('he'));
    expect(he[0]).toBeGreaterThan(he[1]!);
    // The value axis ends on a round number above the largest value.
    expect(en).toMatch(/>300<\/span>/);
  });

  it('draws horizontal rows growing from the reading side, with a header naming both axes', () => {
    const rows = (locale: Locale) => render(locale, <BarChart orientation="horizontal" title="Revenue" bars={bars} valueAxisLabel="Revenue (₪)" categoryAxisLabel="Category" empty="none" />);
    const en = rows('en');
    expect(en).toContain('Category</span>');
    expect(en).toContain('Revenue (₪)</span>');
    expect(en).toMatch(/role="img" aria-label="DJs: ₪1" data-value="100"/);
    expect(en).toMatch(/<rect class="chart-bar chart-tone-primary" x="0" y="0" width="33\.3+\d*"/);
    expect(rows('he')).toMatch(/<rect class="chart-bar chart-tone-primary" x="66\.6+\d*" y="0" width="33\.3+\d*"/);
  });

  it('offers the numbers as a table behind a button, and says so when there is nothing to draw', () => {
    const html = render('he', <BarChart title="Lead time" bars={bars} valueAxisLabel="Orders" categoryAxisLabel="Days" empty="אין נתונים" />);
    expect(html).toMatch(/<button type="button" class="link-button chart-table-toggle" aria-expanded="false" aria-controls="[^"]+">הצגה כטבלה<\/button>/);
    expect(html).toMatch(/<div id="[^"]+" class="chart-table-wrap" hidden="">/);
    expect(html).toContain('<th scope="col">Days</th><th scope="col">Orders</th>');
    expect(html).toContain('<th scope="row">Singers</th><td>₪3</td>');
    const empty = render('he', <BarChart title="Lead time" bars={bars.map((bar) => ({ ...bar, value: 0 }))} valueAxisLabel="Orders" categoryAxisLabel="Days" empty="אין נתונים" />);
    expect(empty).toContain('אין נתונים');
    expect(empty).not.toContain('<svg');
  });
});

describe('stacked bar chart', () => {
  it('stacks each column\'s series from the baseline, names the parts, and tabulates them with a total', () => {
    const html = render('en', (
      <StackedBarChart
        title="Orders per day" valueAxisLabel="Orders" categoryAxisLabel="Day" integer empty="none"
        series={[{ key: 'new', label: 'New', tone: 'neutral' }, { key: 'done', label: 'Done', tone: 'success' }]}
        columns={[{ key: '1', label: '1.3', fullLabel: '1 March', values: { new: 1, done: 2 } }, { key: '2', label: '2.3', values: { new: 0, done: 0 } }]}
        formatValue={(value) => `${value} orders`}
      />
    ));
    expect(html).toContain('aria-label="1 March: 3 orders (New 1, Done 2)"');
    expect(html).toContain('aria-label="2.3: 0 orders"');
    const segments = [...html.matchAll(/<rect class="chart-bar chart-tone-(\w+)" x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"/g)].map((match) => [match[1], Number(match[2]), Number(match[3])]);
    // Scale top 3: "new" fills the bottom third, "done" the two thirds above it.
    expect(segments).toEqual([['neutral', expect.closeTo(66.67, 1), expect.closeTo(33.33, 1)], ['success', 0, expect.closeTo(66.67, 1)]]);
    expect(html).toContain('<span class="chart-swatch chart-tone-success" aria-hidden="true"></span>Done');
    expect(html).toContain('<th scope="col">Day</th><th scope="col">New</th><th scope="col">Done</th><th scope="col">Total</th>');
    expect(html).toContain('<th scope="row">1 March</th><td>1</td><td>2</td><td>3</td>');
  });
});
