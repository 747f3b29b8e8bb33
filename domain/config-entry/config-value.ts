import { z } from 'zod';
import { isPhoneString } from '../shared/validation.ts';

// A configuration entry's value is stored as text with the type it holds, so the admin screen shows
// the right control and nothing reads a number that is not one. Entries the product itself reads have
// a fixed type and their own rule (the support WhatsApp number of SPEC §1 is a phone in the SPEC §5
// string form, since the storefront links it to wa.me).
export const ConfigValueType = z.enum(['string', 'number', 'boolean', 'json']);
export type ConfigValueType = z.infer<typeof ConfigValueType>;

export interface KnownConfigEntry { valueType: ConfigValueType; check?: (value: string) => string | null }

export const KNOWN_CONFIG_ENTRIES: Record<string, KnownConfigEntry> = {
  'support.whatsapp': {
    valueType: 'string',
    check: (value) => (value !== '' && isPhoneString(value) ? null : 'Must be a phone number: + and 12 digits, e.g. +972501234567'),
  },
  'site.name': { valueType: 'string', check: (value) => (value.trim() ? null : 'Must not be empty') },
};

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
