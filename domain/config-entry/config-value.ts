import { z } from 'zod';
import { phoneNumberOf } from '../shared/phone-parsing.ts';
import { VAT_CONFIG_KEY, vatPercentProblem } from '../receipt/vat.ts';

// A configuration entry's value is stored as text with the type it holds, so the admin screen shows
// the right control and nothing reads a number that is not one. Entries the product itself reads have
// a fixed type and their own rule (the support WhatsApp number of SPEC §1 is a phone stored in E.164,
// since the storefront links it to wa.me). An entry may also say how a typed value is read before it is
// checked (`normalize`: the WhatsApp number typed as dialled, 054-555-0123, is +972545550123).
export const ConfigValueType = z.enum(['string', 'number', 'boolean', 'json']);
export type ConfigValueType = z.infer<typeof ConfigValueType>;

export interface KnownConfigEntry { valueType: ConfigValueType; check?: (value: string) => string | null; normalize?: (value: string) => string }

export const KNOWN_CONFIG_ENTRIES: Record<string, KnownConfigEntry> = {
  'support.whatsapp': {
    valueType: 'string',
    check: (value) => (phoneNumberOf(value) === value ? null : 'Must be a phone number: as dialled in Israel (054-555-0123) or with + and the country code'),
    normalize: (value) => phoneNumberOf(value) ?? value,
  },
  'site.name': { valueType: 'string', check: (value) => (value.trim() ? null : 'Must not be empty') },
  // The VAT rate receipts are issued at, in percent (default 18: domain/receipt/vat.ts, docs/payments.md).
  [VAT_CONFIG_KEY]: { valueType: 'number', check: vatPercentProblem, normalize: (value) => value.trim() },
};

/** A typed value as the entry stores it (the same text for entries without a reading of their own). */
export const normalizedConfigValue = (key: string, value: string): string => KNOWN_CONFIG_ENTRIES[key]?.normalize?.(value) ?? value;

/** Why `value` cannot be stored as `valueType` under `key`, or null when it can. */
export function configValueProblem(key: string, valueType: ConfigValueType, value: string): string | null {
  const known = KNOWN_CONFIG_ENTRIES[key];
  if (known && known.valueType !== valueType) return `${key} holds a ${known.valueType}`;
  switch (valueType) {
    case 'number':
      if (!/^-?\d+(\.\d+)?$/.test(value.trim()) || !Number.isFinite(Number(value))) return 'Must be a number, e.g. 12 or 3.5';
      break;
    case 'boolean':
      if (value !== 'true' && value !== 'false') return 'Must be true or false';
      break;
    case 'json':
      try { JSON.parse(value); } catch { return 'Must be valid JSON'; }
      break;
    case 'string':
      break;
  }
  return known?.check?.(value) ?? null;
}
