import type { Locale } from '../../api/view-models.ts';
import { languageTag } from '../../app/locale-path.ts';

// A file size as people read it, in binary units like the 100 MB limit (SPEC §9): 512 bytes, 12 KB,
// 3.4 MB, in the page's language (Hebrew spells the units out: 3.4 מגה-בייט).
export function formatFileSize(bytes: number, locale: Locale): string {
  const [unit, value] = bytes < 1024 ? ['byte', bytes] as const
    : bytes < 1024 * 1024 ? ['kilobyte', bytes / 1024] as const
    : ['megabyte', bytes / (1024 * 1024)] as const;
  const text = new Intl.NumberFormat(languageTag(locale), { style: 'unit', unit, unitDisplay: unit === 'byte' || locale === 'he' ? 'long' : 'short', maximumFractionDigits: value < 10 ? 1 : 0 }).format(value);
  // "מגה-בייט" stays on one line.
  return text.replace(/-/g, '\u2011');
}
