import { useRouteLoaderData } from 'react-router';
import type { CurrentUser, Locale, VendorCard } from '../api/view-models.ts';

// What the root loader gives every page: language, the signed-in user and the favorites.
export interface RootData {
  locale: Locale;
  user: CurrentUser | null;
  favorites: { ids: string[]; vendors: VendorCard[] };
  /** Server time of the load, so the server pass and hydration render the same free slots. */
  now: number;
  /** SPEC §1: the configured support WhatsApp number, when there is one. */
  supportWhatsapp: string | null;
  /** The number is the demo marketplace's made-up one: the footer says so. */
  supportIsDemo?: boolean;
  /** Scheme and host the page was asked at: the origin of its canonical and alternate addresses (web/app/seo.ts). */
  origin: string;
}

export function useRootData(): RootData {
  const data = useRouteLoaderData('root') as RootData | undefined;
  if (!data) throw new Error('Root data missing');
  return data;
}
