import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Form } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { INTENT_FIELD, revivedError, useActionAnswer, useActionFailure, useSubmitting } from '../app/form-action.ts';
import type { ContentType } from '../api/admin-content.ts';
import type { Text } from '../api/view-models.ts';
import { tr } from '../app/format.ts';
import { useLocale } from '../app/links.tsx';
import {
  aliasFrom, ENTITY_TYPES, problemOfRefusedField, problemsOf, type FieldProblem, type FieldSpec, type FormValue, type FormValues,
  type References,
} from '../pages/admin/entity-types.ts';
import { FieldError } from './field-error.tsx';
import { FormError } from './form-errors.tsx';
import { TranslatableField } from './translatable-field.tsx';

// The one form of every content entity type (brand, category, tag, article, service contract): the
// fields come from the type's description (web/pages/admin/entity-types.ts). Problems are found here
// first, in the page's language; what the API still refuses (its 422 names `fields.<name>…`) is
// worded by the field's kind beside the field, and focus moves to the first field in error.
// The form posts (intent `save`) to its page's route action (web/pages/admin/entities.tsx), so it
// works without JavaScript too: the action checks the same problems and answers them with what was typed.
export interface AdminEntityFormProps {
  type: ContentType;
  mode: 'create' | 'edit';
  initial: FormValues;
  references: References;
  /** Where Cancel goes. */
  cancel: ReactNode;
}

/** The intent of the entity form's post. */
export const ENTITY_SAVE = 'save';
/** What the entity action answers when it refuses the form: the problems by field and what was typed. */
export interface EntityFormAnswer { intent: string; problems?: Record<string, FieldProblem>; values?: FormValues }

/** Only counted when short enough for a counter to help (not an article body). */
const COUNTER_MAX = 2000;

export function AdminEntityForm(props: AdminEntityFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const spec = ENTITY_TYPES[props.type];
  const answer = useActionAnswer<EntityFormAnswer>(ENTITY_SAVE);
  const failure = useActionFailure(ENTITY_SAVE);
  const busy = useSubmitting(ENTITY_SAVE);
  const [values, setValues] = useState<FormValues>(() => answer?.values ?? props.initial);
  // The page's own check before posting; else what the action answered.
  const [checked, setChecked] = useState<Record<string, FieldProblem> | null>(null);
  const problems = checked ?? answer?.problems ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => { if (answer?.problems && formRef.current) focusFirstError(formRef.current); }, [answer]);

  const set = (name: string, value: FormValue) => setValues((current) => {
    const next = { ...current, [name]: value };
    return spec.adjust ? spec.adjust(name, next, props.references) : next;
  });
  const messageOf = (name: string): string | null => {
    const problem = problems[name];
    return problem ? t(`adminContent.form.errors.${problem.key}`, { max: problem.max }) : null;
  };

  function check(event: FormEvent<HTMLFormElement>) {
    const found = problemsOf(props.type, values);
    setChecked(Object.keys(found).length ? found : null);
    if (Object.keys(found).length) {
      event.preventDefault();
      focusFirstError(event.currentTarget);
    }
  }

  const hasProblems = Object.keys(problems).length > 0;
  return (
    <Form method="post" ref={formRef} className="form admin-entity-form" onSubmit={check} noValidate data-testid="entity-form">
      <input type="hidden" name={INTENT_FIELD} value={ENTITY_SAVE} />
      {hasProblems ? <p className="form-error" role="alert" data-testid="entity-form-errors">{t('adminContent.form.fixErrors')}</p> : null}
      <FormError error={revivedError(failure)} />
      {spec.fields.map((field) => (
        <EntityField key={field.name} id={`${id}-${field.name}`} field={field} value={values[field.name]} values={values} references={props.references}
          error={messageOf(field.name)} onChange={(value) => set(field.name, value)} />
      ))}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="entity-save">
          {props.mode === 'create' ? (busy ? t('adminContent.form.creating') : t('adminContent.form.create')) : (busy ? t('adminContent.form.saving') : t('adminContent.form.save'))}
        </button>
        {props.cancel}
      </div>
    </Form>
  );
}

/** The API's refused fields (`alias`, `name.he`, `price.amountMinor`) by the form's field names. */
export function refusedFields(fields: FieldSpec[], errors: Record<string, string>): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  for (const path of Object.keys(errors)) {
    const field = fields.find((candidate) => path === candidate.name || path.startsWith(`${candidate.name}.`));
    if (field) problems[field.name] ??= problemOfRefusedField(field);
  }
  return problems;
}

interface EntityFieldProps {
  id: string;
  field: FieldSpec;
  value: FormValue | undefined;
  values: FormValues;
  references: References;
  error: string | null;
  onChange: (value: FormValue) => void;
}

function EntityField(props: EntityFieldProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { field, id, error } = props;
  const label = t(`adminContent.fields.${field.name}`);
  const hintKey = `adminContent.hints.${field.name}`;
  const hint = t(hintKey, { defaultValue: '' });
  const stringValue = typeof props.value === 'string' ? props.value : '';
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, name: field.name, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, 'data-testid': `entity-${field.name}` } as const;
  const hintLine = hint ? <small id={`${id}-hint`}>{hint}</small> : null;

  if (field.kind === 'translatable') {
    const text = typeof props.value === 'object' ? props.value : {};
    return (
      <div className={field.html ? 'entity-field-html' : undefined}>
        <TranslatableField name={field.name} label={label} value={text} onChange={(value: Text) => props.onChange(value)} required={field.required}
          multiline={field.multiline} rows={field.rows} maxLength={field.max <= COUNTER_MAX ? field.max : undefined} error={error}
          hint={hint || (field.required ? undefined : t('adminContent.form.optional'))} />
      </div>
    );
  }

  let control: ReactNode;
  switch (field.kind) {
    case 'alias': {
      const source = props.values[field.from];
      const suggestion = aliasFrom(typeof source === 'object' ? source : {});
      control = (
        <div className="alias-input">
          <input {...common} dir="ltr" value={stringValue} onChange={(event) => props.onChange(event.target.value)} autoComplete="off" spellCheck={false} aria-required="true" />
          <button type="button" className="button" disabled={!suggestion || suggestion === stringValue} onClick={() => props.onChange(suggestion)} data-testid="entity-alias-suggest">
            {t('adminContent.form.aliasFromName')}
          </button>
        </div>
      );
      break;
    }
    case 'integer':
      control = <input {...common} inputMode="numeric" dir="ltr" value={stringValue} onChange={(event) => props.onChange(event.target.value)} />;
      break;
    case 'money':
      control = (
        <span className="money-input">
          <input {...common} inputMode="decimal" dir="ltr" value={stringValue} onChange={(event) => props.onChange(event.target.value)} aria-required="true" />
          <span aria-hidden="true">₪</span>
        </span>
      );
      break;
    case 'datetime':
      control = <input {...common} type="datetime-local" dir="ltr" value={stringValue} onChange={(event) => props.onChange(event.target.value)} aria-required="true" />;
      break;
    case 'url':
      control = <input {...common} type="url" dir="ltr" placeholder="https://" value={stringValue} onChange={(event) => props.onChange(event.target.value)} />;
      break;
    case 'choice':
      control = (
        <select {...common} value={stringValue} onChange={(event) => props.onChange(event.target.value)}>
          {field.choices.map((choice) => <option key={choice} value={choice}>{t(`adminContent.choices.${field.name}.${choice}`)}</option>)}
        </select>
      );
      break;
    case 'reference': {
      const options = props.references[field.references] ?? [];
      control = (
        <select {...common} value={stringValue} onChange={(event) => props.onChange(event.target.value)}>
          <option value="">{t(`adminContent.form.none.${field.references}`)}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>{'— '.repeat(option.level ?? 0)}{tr(option.label, locale) || option.id}</option>
          ))}
        </select>
      );
      break;
    }
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hintLine}
      {control}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Moves focus to the first field marked invalid, so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement): void {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
