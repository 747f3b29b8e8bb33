import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { i18nFor } from '../i18n/i18n.ts';
import type { BusyInterval, ProductSummary } from '../api/view-models.ts';
import { BookingCalendar } from './booking-calendar.tsx';

// The booking calendar opens on the month of the first free day, so late in a month whose last days
// are taken the visitor sees days to pick rather than a month of unavailable ones.

const product = { productId: 'product-1', type: 'timedService', name: { en: 'Show' }, price: { amountMinor: 50_000, currency: 'ILS' }, serviceDuration: 60 } as ProductSummary;

function monthShown(now: number, busy: BusyInterval[]): { month: string; free: number } {
  const node = <BookingCalendar products={[product]} busy={busy} now={now} jewish={null} />;
  const router = createMemoryRouter([{ id: 'root', path: '/', element: node, loader: () => null }], {
    hydrationData: { loaderData: { root: { locale: 'en', user: null, favorites: { ids: [], vendors: [] }, now, supportWhatsapp: null, origin: 'http://localhost' } } },
  });
  const html = renderToString(<I18nextProvider i18n={i18nFor('en')}><RouterProvider router={router} /></I18nextProvider>);
  return { month: /class="calendar-grid" role="group" aria-label="([^"]+)"/.exec(html)![1]!, free: html.split('data-free="true"').length - 1 };
}

describe('the booking calendar', () => {
  it('opens on the current month while it has a free day', () => {
    const now = Date.parse('2026-11-20T08:00:00Z');
    expect(monthShown(now, [])).toEqual({ month: 'November 2026', free: 11 });
  });

  it("opens on the next month when the current month's remaining days are taken", () => {
    const now = Date.parse('2026-11-29T08:00:00Z');
    // From now to the end of 30 November (Israel time, UTC+2) the artist is busy.
    const busy = [{ start: '2026-11-29T00:00:00Z', end: '2026-11-30T22:00:00Z' }] as BusyInterval[];
    expect(monthShown(now, busy)).toEqual({ month: 'December 2026', free: 31 });
    // Without that window the last two days of November are offered.
    expect(monthShown(now, [])).toEqual({ month: 'November 2026', free: 2 });
  });

  it('stays on the current month when no day of the horizon is free', () => {
    const now = Date.parse('2026-11-29T08:00:00Z');
    const busy = [{ start: '2026-11-01T00:00:00Z', end: '2027-06-01T00:00:00Z' }] as BusyInterval[];
    expect(monthShown(now, busy)).toEqual({ month: 'November 2026', free: 0 });
  });
});
