import { toUrlSafe } from '../../../domain/shared/slug.ts';
import type { ContentEntity, ContentType } from '../../api/admin-content.ts';
import type { Text } from '../../api/view-models.ts';
import { formatTime } from '../../app/format.ts';
import { israelDate, israelInstant } from '../../app/israel-calendar.ts';
import type { Locale } from '../../../domain/shared/translatable.ts';

// The content entity types of the admin (SPEC §2 admin-entity-entityType, §3), described once as
// data: the fields of each type's form (with the domain's limits: domain/content/events.ts), the
// columns of its list and where the public site shows it. One generic list and one generic form
// (web/components/admin-entity-form.tsx) read these descriptions; nothing is written per type.

export type FieldSpec =
  | { name: string; kind: 'translatable'; required: boolean; max: number; multiline?: boolean; rows?: number; html?: boolean }
  /** A URL-safe alias (SPEC §5), suggested from the translatable field `from`. */
  | { name: string; kind: 'alias'; from: string }
  | { name: string; kind: 'integer'; min?: number }
  /** The id of another entity, or none. */
  | { name: string; kind: 'reference'; references: ReferenceKind }
  | { name: string; kind: 'choice'; choices: readonly string[] }
  /** A time, edited as date and time in Israel. */
  | { name: string; kind: 'datetime' }
  | { name: string; kind: 'url'; max: number }
  /** Shekels and agorot, kept as integer agorot (ILS only, SPEC §9). */
  | { name: string; kind: 'money' };

export type ReferenceKind = 'tags' | 'categories';
export interface ReferenceOption { id: string; label: Text; level?: number }
export type References = Partial<Record<ReferenceKind, ReferenceOption[]>>;

export type ColumnKind = 'text' | 'alias' | 'integer' | 'reference' | 'choice' | 'date' | 'money';
export interface ColumnSpec { field: string; kind: ColumnKind; references?: ReferenceKind }

export interface EntityTypeSpec {
  /** The translatable field that names an entity. */
  titleField: string;
  fields: FieldSpec[];
  /** List columns after the name. */
  columns: ColumnSpec[];
  /** What the form needs to offer (tags for a tag's parent, categories for an article). */
  references: ReferenceKind[];
  /** Where the public site shows the entity (locale-free path), if anywhere. */
  publicPath?: (fields: Record<string, unknown>) => string | null;
  /** A change to one field that sets another (a tag's level follows its parent). */
  adjust?: (changed: string, values: FormValues, references: References) => FormValues;
}

export type FormValue = string | Text;
export type FormValues = Record<string, FormValue>;

const ARTICLE_KINDS = ['blog', 'page'] as const;
const alias = (fields: Record<string, unknown>) => (typeof fields.alias === 'string' ? fields.alias : '');

export const ENTITY_TYPES: Record<ContentType, EntityTypeSpec> = {
  brand: {
    titleField: 'name',
    fields: [{ name: 'name', kind: 'translatable', required: true, max: 200 }, { name: 'alias', kind: 'alias', from: 'name' }],
    columns: [{ field: 'alias', kind: 'alias' }],
    references: [],
  },
  category: {
    titleField: 'name',
    fields: [
      { name: 'name', kind: 'translatable', required: true, max: 200 },
      { name: 'alias', kind: 'alias', from: 'name' },
      { name: 'description', kind: 'translatable', required: false, max: 2000, multiline: true, rows: 3 },
    ],
    columns: [{ field: 'alias', kind: 'alias' }],
    references: [],
    publicPath: (fields) => `/blog/category/${alias(fields)}`,
  },
  tag: {
    titleField: 'name',
    fields: [
      { name: 'name', kind: 'translatable', required: true, max: 200 },
      { name: 'alias', kind: 'alias', from: 'name' },
      { name: 'parentId', kind: 'reference', references: 'tags' },
      { name: 'level', kind: 'integer', min: 0 },
      { name: 'order', kind: 'integer' },
    ],
    columns: [{ field: 'alias', kind: 'alias' }, { field: 'parentId', kind: 'reference', references: 'tags' }, { field: 'level', kind: 'integer' }, { field: 'order', kind: 'integer' }],
    references: ['tags'],
    // The artist categories are the children of the `artist-categories` root (level 1).
    publicPath: (fields) => (fields.level === 1 ? `/artists/${alias(fields)}` : null),
    adjust(changed, values, references) {
      if (changed !== 'parentId') return values;
      const parent = references.tags?.find((tag) => tag.id === values.parentId);
      return { ...values, level: String(parent ? (parent.level ?? 0) + 1 : 0) };
    },
  },
  article: {
    titleField: 'title',
    fields: [
      { name: 'title', kind: 'translatable', required: true, max: 300 },
      { name: 'alias', kind: 'alias', from: 'title' },
      { name: 'kind', kind: 'choice', choices: ARTICLE_KINDS },
      { name: 'categoryId', kind: 'reference', references: 'categories' },
      { name: 'publishedAt', kind: 'datetime' },
      { name: 'excerpt', kind: 'translatable', required: false, max: 500, multiline: true, rows: 2 },
      { name: 'body', kind: 'translatable', required: true, max: 200_000, multiline: true, rows: 14, html: true },
      { name: 'imageUrl', kind: 'url', max: 2000 },
    ],
    columns: [{ field: 'alias', kind: 'alias' }, { field: 'kind', kind: 'choice' }, { field: 'publishedAt', kind: 'date' }],
    references: ['categories'],
    publicPath: (fields) => (fields.kind === 'blog' ? `/blog/article/${alias(fields)}` : `/content/article/${alias(fields)}`),
  },
  serviceContract: {
    titleField: 'title',
    fields: [
      { name: 'title', kind: 'translatable', required: true, max: 200 },
      { name: 'alias', kind: 'alias', from: 'title' },
      { name: 'price', kind: 'money' },
      { name: 'text', kind: 'translatable', required: true, max: 20_000, multiline: true, rows: 12 },
    ],
    columns: [{ field: 'alias', kind: 'alias' }, { field: 'price', kind: 'money' }],
    references: [],
  },
};

/** The domain's alias rule (domain/content/events.ts): lowercase Latin letters and digits between single hyphens. */
const ALIAS_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** SPEC §5: URL-safe means equal to its own URL-safe form; aliases are also Latin, as the API keeps them. */
export const isValidAlias = (value: string): boolean => value.length <= 200 && toUrlSafe(value, '') === value && ALIAS_PATTERN.test(value);

/** An alias made from a name (English first), or '' when the name gives no Latin alias. */
export function aliasFrom(name: Text): string {
  for (const candidate of [name.en, name.he]) {
    const made = toUrlSafe(candidate ?? '', '');
    if (made && isValidAlias(made)) return made;
  }
  return '';
}

const isText = (value: unknown): value is Text => typeof value === 'object' && value !== null && !Array.isArray(value);
const asText = (value: unknown): Text => {
  if (!isText(value)) return {};
  const result: Text = {};
  if (typeof (value as Text).he === 'string') result.he = (value as Text).he;
  if (typeof (value as Text).en === 'string') result.en = (value as Text).en;
  return result;
};

/** `YYYY-MM-DDTHH:mm` in Israel for an instant, the value of a datetime-local input. */
export function israelLocalInput(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : `${israelDate(time)}T${formatTime(iso, 'en')}`;
}

/** The instant of an Israel wall-clock `YYYY-MM-DDTHH:mm`, or null when it is not one. */
export function instantOfIsraelLocal(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const instant = israelInstant(match[1]!, Number(match[2]), Number(match[3]));
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

const shekelsOf = (amountMinor: number): string => (amountMinor % 100 === 0 ? String(amountMinor / 100) : (amountMinor / 100).toFixed(2));

/** The form's values for an entity being edited, or the defaults of a new one. */
export function valuesOf(type: ContentType, entity: ContentEntity | null, now: string): FormValues {
  const fields = entity?.fields ?? {};
  const values: FormValues = {};
  for (const field of ENTITY_TYPES[type].fields) {
    const value = fields[field.name];
    switch (field.kind) {
      case 'translatable': values[field.name] = asText(value); break;
      case 'integer': values[field.name] = typeof value === 'number' ? String(value) : '0'; break;
      case 'reference': values[field.name] = typeof value === 'string' ? value : ''; break;
      case 'choice': values[field.name] = typeof value === 'string' && field.choices.includes(value) ? value : field.choices[0]!; break;
      case 'datetime': values[field.name] = israelLocalInput(typeof value === 'string' ? value : now); break;
      case 'money': values[field.name] = isText(value) && typeof (value as { amountMinor?: unknown }).amountMinor === 'number' ? shekelsOf((value as { amountMinor: number }).amountMinor) : ''; break;
      default: values[field.name] = typeof value === 'string' ? value : '';
    }
  }
  return values;
}

const trimmedText = (value: FormValue | undefined): Text => {
  const textValue = isText(value) ? value : {};
  const result: Text = {};
  if (textValue.he?.trim()) result.he = textValue.he.trim();
  if (textValue.en?.trim()) result.en = textValue.en.trim();
  return result;
};
const plain = (value: FormValue | undefined): string => (typeof value === 'string' ? value.trim() : '');

/** Shekels typed with up to two decimals → agorot, or null. */
export function agorotOf(value: string): number | null {
  const compact = value.replace(/[\s,₪]/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(compact)) return null;
  return Math.round(Number(compact) * 100);
}

/** The `fields` the API takes for the form's values (checked first with `problemsOf`). */
/** The form's values as posted (a translatable field as its `<name>.he` and `<name>.en` inputs). */
export function postedValuesOf(type: ContentType, form: FormData): FormValues {
  const posted = (name: string) => String(form.get(name) ?? '');
  return Object.fromEntries(ENTITY_TYPES[type].fields.map((field): [string, FormValue] => [
    field.name,
    field.kind === 'translatable' ? { he: posted(`${field.name}.he`), en: posted(`${field.name}.en`) } : posted(field.name),
  ]));
}

export function fieldsOf(type: ContentType, values: FormValues): Record<string, unknown> {
  const fields: Record<string, unknown> = { entityType: type };
  for (const field of ENTITY_TYPES[type].fields) {
    const value = values[field.name];
    switch (field.kind) {
      case 'translatable': {
        const textValue = trimmedText(value);
        if (field.required || textValue.he || textValue.en) fields[field.name] = textValue;
        break;
      }
      case 'integer': fields[field.name] = Number.parseInt(plain(value), 10); break;
      case 'reference': fields[field.name] = plain(value) || null; break;
      case 'datetime': fields[field.name] = instantOfIsraelLocal(plain(value)); break;
      case 'money': fields[field.name] = { amountMinor: agorotOf(plain(value)) ?? 0, currency: 'ILS' }; break;
      case 'url': if (plain(value)) fields[field.name] = plain(value); break;
      default: fields[field.name] = plain(value);
    }
  }
  return fields;
}

/** A field's problem, as a message key under adminContent.form.errors and its parameters. */
export interface FieldProblem { key: 'required' | 'tooLong' | 'alias' | 'integer' | 'money' | 'datetime' | 'url' | 'invalid'; max?: number }

/** What is wrong with the values before anything is sent, by field name. */
export function problemsOf(type: ContentType, values: FormValues): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  for (const field of ENTITY_TYPES[type].fields) {
    const value = values[field.name];
    switch (field.kind) {
      case 'translatable': {
        const textValue = trimmedText(value);
        if (field.required && !textValue.he && !textValue.en) problems[field.name] = { key: 'required' };
        else if ((textValue.he?.length ?? 0) > field.max || (textValue.en?.length ?? 0) > field.max) problems[field.name] = { key: 'tooLong', max: field.max };
        break;
      }
      case 'alias':
        if (!plain(value)) problems[field.name] = { key: 'required' };
        else if (!isValidAlias(plain(value))) problems[field.name] = { key: 'alias' };
        break;
      case 'integer': {
        const number = plain(value);
        if (!/^-?\d{1,9}$/.test(number) || (field.min !== undefined && Number(number) < field.min)) problems[field.name] = { key: 'integer' };
        break;
      }
      case 'money':
        if (agorotOf(plain(value)) === null) problems[field.name] = { key: 'money' };
        break;
      case 'datetime':
        if (!instantOfIsraelLocal(plain(value))) problems[field.name] = { key: 'datetime' };
        break;
      case 'url':
        if (plain(value) && !/^https?:\/\/[^\s]+$/i.test(plain(value))) problems[field.name] = { key: 'url' };
        else if (plain(value).length > field.max) problems[field.name] = { key: 'tooLong', max: field.max };
        break;
      default:
        break;
    }
  }
  return problems;
}

/** The problem to show for a field the API refused (its 422 names `fields.<name>…`): worded by the field's kind. */
export function problemOfRefusedField(field: FieldSpec): FieldProblem {
  switch (field.kind) {
    case 'translatable': return { key: 'tooLong', max: field.max };
    case 'alias': return { key: 'alias' };
    case 'integer': return { key: 'integer' };
    case 'money': return { key: 'money' };
    case 'datetime': return { key: 'datetime' };
    case 'url': return { key: 'url' };
    default: return { key: 'invalid' };
  }
}

/** The entity's name in a language (the title field), falling back to the other language, then its alias. */
export function entityTitle(type: ContentType, entity: ContentEntity, locale: Locale): string {
  const title = asText(entity.fields[ENTITY_TYPES[type].titleField]);
  return title[locale] || title[locale === 'he' ? 'en' : 'he'] || alias(entity.fields) || entity.id;
}
