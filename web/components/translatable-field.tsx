import { useId, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import type { Locale, Text } from '../api/view-models.ts';
import { CharacterCounter } from './character-counter.tsx';
import { FieldError } from './field-error.tsx';

// A translatable text (SPEC §3 "translatable") as a pair of inputs, Hebrew first (the default
// locale), each in its own writing direction. Controlled (`value` + `onChange`) or left to the form
// (`defaultValue`; the inputs are named `<name>.he` and `<name>.en`). With `maxLength` each input
// shows a live character counter; the limit is not enforced by the input, so a pasted long text is
// explained (counter and the API's 422) rather than silently cut.
export const TRANSLATABLE_LOCALES: readonly Locale[] = ['he', 'en'];

/** Nothing in either language (spaces count as nothing). */
export const isBlankText = (value: Text | null | undefined): boolean => !value?.he?.trim() && !value?.en?.trim();

export type TranslatableError = string | null | undefined | Partial<Record<Locale, string | null | undefined>>;

export interface TranslatableFieldProps {
  /** Base name: the inputs are `<name>.he` / `<name>.en`, their test ids `<name>-he` / `<name>-en`. */
  name: string;
  label: string;
  value?: Text;
  defaultValue?: Text;
  onChange?: (value: Text) => void;
  multiline?: boolean;
  rows?: number;
  maxLength?: number;
  /** Required in at least one language (SPEC §3). */
  required?: boolean;
  hint?: string;
  /** One message for the whole field, or one per language. */
  error?: TranslatableError;
}

export function TranslatableField(props: TranslatableFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [own, setOwn] = useState<Text>(props.defaultValue ?? {});
  const value = props.value ?? own;
  const change = (locale: Locale, text: string) => {
    const next = { ...value, [locale]: text };
    if (props.value === undefined) setOwn(next);
    props.onChange?.(next);
  };
  const whole = typeof props.error === 'string' ? props.error : null;
  const perLocale = (locale: Locale) => (props.error && typeof props.error === 'object' ? props.error[locale] ?? null : null);
  const hint = props.hint ?? (props.required ? t('formControls.requiredOneLanguage') : undefined);
  return (
    <fieldset className="field translatable-field" data-testid={`field-${props.name}`}>
      <legend>{props.label}</legend>
      {hint ? <small id={`${id}-hint`}>{hint}</small> : null}
      <div className="translatable-inputs">
        {TRANSLATABLE_LOCALES.map((locale) => {
          const text = value[locale] ?? '';
          const message = perLocale(locale);
          const inputId = `${id}-${locale}`;
          const describedBy = [hint ? `${id}-hint` : '', props.maxLength ? `${inputId}-count` : '', message ? `${inputId}-error` : '', whole ? `${id}-error` : '']
            .filter(Boolean).join(' ') || undefined;
          const common = {
            id: inputId,
            name: `${props.name}.${locale}`,
            lang: locale,
            dir: locale === 'he' ? 'rtl' : 'ltr',
            'aria-invalid': message || whole ? true : undefined,
            'aria-describedby': describedBy,
            'data-testid': `${props.name}-${locale}`,
            value: text,
          } as const;
          return (
            <div className="translatable-input" key={locale}>
              <label htmlFor={inputId} className="translatable-language">{t(`language.${locale}`)}</label>
              {props.multiline
                ? <textarea {...common} rows={props.rows ?? 3} onChange={(event) => change(locale, event.target.value)} />
                : <input {...common} onChange={(event) => change(locale, event.target.value)} />}
              {props.maxLength ? <CharacterCounter id={`${inputId}-count`} length={text.length} max={props.maxLength} /> : null}
              <FieldError id={`${inputId}-error`} message={message} />
            </div>
          );
        })}
      </div>
      <FieldError id={`${id}-error`} message={whole} />
    </fieldset>
  );
}
