import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { ReactNode } from 'react';
import { ApiError } from '../api/api-error.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { errorAt, fieldErrorsOf } from './field-error.tsx';
import { isBlankText, TranslatableField } from './translatable-field.tsx';
import { RepeatableList } from './repeatable-list.tsx';

const inHebrew = (node: ReactNode) => renderToString(<I18nextProvider i18n={i18nFor('he')}>{node}</I18nextProvider>);
const noop = () => {};

describe('per-field errors of a 422', () => {
  const problem = new ApiError(422, { errors: [
    { field: 'details.introText', message: 'Too long' },
    { field: 'details.name.he', message: 'Too long in Hebrew' },
    { field: 'details.introText', message: 'second message of the same field' },
  ] });

  it('keys the failing fields by the form\'s names, first message per field', () => {
    expect(fieldErrorsOf(problem, 'details')).toEqual({ introText: 'Too long', 'name.he': 'Too long in Hebrew' });
  });

  it('finds a field\'s message also on its parts; nothing for other fields or other errors', () => {
    const errors = fieldErrorsOf(problem, 'details');
    expect(errorAt(errors, 'name')).toBe('Too long in Hebrew');
    expect(errorAt(errors, 'price')).toBeNull();
    expect(fieldErrorsOf(new ApiError(409, { errors: [{ field: 'x', message: 'y' }] }))).toEqual({});
    expect(fieldErrorsOf(new Error('network'))).toEqual({});
  });
});

describe('translatable field', () => {
  it('has a labelled input per language, Hebrew right to left, with counter and error described', () => {
    const html = inHebrew(
      <TranslatableField name="name" label="שם" value={{ he: 'שלום', en: 'Hello there' }} onChange={noop} required maxLength={5} error="שגיאה" />,
    );
    expect(html).toContain('<legend>שם');
    const input = (locale: string) => html.match(new RegExp(`<input[^>]*name="name.${locale}"[^>]*>`))?.[0] ?? '';
    expect(input('he')).toContain('dir="rtl"');
    expect(input('he')).toContain('value="שלום"');
    expect(input('en')).toContain('dir="ltr"');
    expect(input('en')).toContain('aria-invalid="true"');
    expect(html).toMatch(/<label for="[^"]+-he"[^>]*>עברית<\/label>/);
    expect(html).toContain('4 / 5');
    expect(html).toContain('ארוך מדי ב־6 תווים');
    expect(html).toContain('data-testid="field-error"');
    expect(html).toContain('English');
  });

  it('is blank only when both languages are empty', () => {
    expect(isBlankText({ he: ' ', en: '' })).toBe(true);
    expect(isBlankText({ en: 'x' })).toBe(false);
  });
});

describe('repeatable list', () => {
  it('renders a row per item with a named remove button, and the empty text without rows', () => {
    const html = inHebrew(
      <RepeatableList name="images" legend="תמונות" items={['a', 'b']} onChange={noop} newItem={() => ''} addLabel="הוספת תמונה"
        itemLabel={(index) => `תמונה ${index + 1}`} renderItem={(item) => <span className="value">{item}</span>} />,
    );
    expect(html.match(/data-testid="row-images"/g)).toHaveLength(2);
    // Named by its visible word, then the row it removes (heard, not shown): "הסרה – תמונה 2".
    expect(html).toContain('הסרה<span class="visually-hidden"> – <bdi lang="he">תמונה 2</bdi></span>');
    expect(html).toContain('הוספת תמונה');
    const empty = inHebrew(<RepeatableList name="images" legend="תמונות" items={[]} onChange={noop} newItem={() => ''} addLabel="הוספה"
      itemLabel={String} renderItem={() => null} emptyText="אין עדיין תמונות" />);
    expect(empty).toContain('אין עדיין תמונות');
    expect(empty).not.toContain('row-images');
  });
});
