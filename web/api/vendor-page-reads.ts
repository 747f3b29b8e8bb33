import type { ApiClient } from './client.ts';
import type { InProcessValues } from './in-process-values.ts';
import { categoryMap, vendorCalendar, vendorPage } from './queries.ts';
import { jewishCalendar, jewishCalendarQuery, type JewishCalendar, type JewishCalendarRange } from './jewish-calendar.ts';
import { keptImport } from './kept-import.ts';
import type { BusyInterval, Category, GeoLocation, Review, VendorPage } from './view-models.ts';
import type { VendorPageAnswerDoc } from './adapters.ts';

// What the vendor page reads (web/pages/vendor.tsx): the page, its latest reviews, the busy times and the
// Jewish calendar of the booking range. Over the API client (the browser; a web service apart from the
// query API), each answer validated; or, on the server pass beside the query API, as the values its
// routes made (web/api/in-process-values.ts), through the same guards, without JSON or validation.
export interface VendorPageReads {
  /** The page with its latest reviews (none when they cannot be read); an ApiError (404) when there is no such vendor. */
  page(vendorId: string, categories: Category[], places: GeoLocation[]): Promise<VendorPage>;
  busy(vendorId: string, from: string, to: string): Promise<BusyInterval[]>;
  jewishCalendar(vendorId: string, range: JewishCalendarRange): Promise<JewishCalendar>;
}

/** Where the vendor page reads: in process when the environment has the query API's values, else through the API client. */
export const vendorPageReads = (environment: { api: ApiClient; inProcessValues?: InProcessValues }): VendorPageReads =>
  environment.inProcessValues ? inProcessVendorPageReads(environment.inProcessValues) : apiVendorPageReads(environment.api);

export function apiVendorPageReads(api: ApiClient): VendorPageReads {
  return {
    page: (vendorId, categories, places) => vendorPage(api, vendorId, categories, places),
    busy: (vendorId, from, to) => vendorCalendar(api, vendorId, from, to),
    jewishCalendar: (vendorId, range) => jewishCalendar(api, vendorId, range),
  };
}

// The page's derivations (the card's category alias, sanitized rich text) are the adapters', which the
// server has loaded anyway; imported with the first read like the parsers (web/api/queries.ts).
const adapters = keptImport(() => import('./adapters.ts'));

/** The same reads (paths and parameters) as apiVendorPageReads, as values of the query API in this process. */
export function inProcessVendorPageReads(values: InProcessValues): VendorPageReads {
  return {
    async page(vendorId, categories, places) {
      const id = encodeURIComponent(vendorId);
      const [{ vendorPageOf }, doc, reviews] = await Promise.all([
        adapters(),
        values.get<VendorPageAnswerDoc>(`ecommerce/vendor/${id}`),
        values.get<{ items: Review[] }>(`ecommerce/vendor/${id}/reviews`, { limit: 10 }).catch(() => ({ items: [] })),
      ]);
      return vendorPageOf(doc, categoryMap(categories), new Map(places.map((place) => [place.id, place])), reviews.items);
    },
    async busy(vendorId, from, to) {
      const answer = await values.get<{ items: BusyInterval[] }>(`vendor/${encodeURIComponent(vendorId)}/calendar`, { from, to, limit: 999 });
      return answer.items.map(({ start, end }) => ({ start, end }));
    },
    jewishCalendar: (vendorId, range) => values.get<JewishCalendar>(`vendor/${encodeURIComponent(vendorId)}/jewish-calendar`, jewishCalendarQuery(range)),
  };
}
