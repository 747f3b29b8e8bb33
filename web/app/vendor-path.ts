import { toUrlSafe, DEFAULT_SLUG } from '../../domain/shared/slug.ts';
import { tr } from './format.ts';
import type { Locale, VendorCard } from '../api/view-models.ts';

// SPEC §2 vendor page: /artists/{categoryAlias}/{id}/{vendorDisplayName}. The name slug follows the
// page's language (Hebrew names give Hebrew slugs, see domain/shared/slug.ts), default `page`.
export function vendorDisplayName(vendor: Pick<VendorCard, 'name'>, locale: Locale): string {
  return toUrlSafe(tr(vendor.name, locale), DEFAULT_SLUG);
}

/** The canonical locale-free path of a vendor page. */
export function vendorPath(vendor: Pick<VendorCard, 'vendorId' | 'name' | 'categoryAlias'>, locale: Locale): string {
  return `/artists/${encodeURIComponent(vendor.categoryAlias)}/${encodeURIComponent(vendor.vendorId)}/${encodeURIComponent(vendorDisplayName(vendor, locale))}`;
}
