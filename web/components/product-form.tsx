import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { isActionFailure, revivedError, useActionAnswer } from '../app/form-action.ts';
import { ApiError } from '../api/api-error.ts';
import type { Text } from '../api/view-models.ts';
import { CharacterCounter } from './character-counter.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';
import { errorAt, FieldError, fieldErrorsOf, type FieldErrors } from './field-error.tsx';
import { FormError } from './form-errors.tsx';
import { RepeatableList } from './repeatable-list.tsx';
import { PaymentTermsFields } from './payment-terms-fields.tsx';
import { TranslatableField, TRANSLATABLE_LOCALES } from './translatable-field.tsx';
import { LocalLink } from '../app/links.tsx';
import {
  checkProduct, detailsOf, DETAIL_CONTENT_MAX, DETAIL_TITLE_MAX, INTRO_TEXT_MAX, messagesOfProblem, messagesOfRefusal, PRODUCT_NAME_MAX, PRODUCT_TYPES,
  URL_MAX, type ProductFormValues,
} from './product-form-values.ts';

// The product form of SPEC §3, for a new product and for editing one, shared by the artist's
// products screens (web/pages/vendor-dashboard/products.tsx) and the admin's (web/pages/admin/products.tsx).
// Required fields are checked here first (in the page's language); everything else, and lengths over
// a maximum, the API decides: its 422 lists the failing fields and each message appears beside its field.
export interface ProductFormProps {
  initial: ProductFormValues;
  mode: 'create' | 'edit';
  /**
   * Sends `details`; throws the API's error. Without it the form posts to its route's action
   * (also without JavaScript), which answers a refusal as a `ProductFormRefusal`.
   */
  onSubmit?: (details: ReturnType<typeof detailsOf>) => Promise<void>;
  /** Where Cancel leads (locale-free path); the artist's product list by default. */
  cancelTo?: string;
  /** Shown, not changed: no save button (an archived product, or a reader who may not save; put the form in a disabled fieldset). */
  readOnly?: boolean;
}

/** A route action's answer to a refused product post: the values as posted, and the API's refusal or `invalid` (the required fields). */
export interface ProductFormRefusal { intent: string; values: ProductFormValues; invalid?: true; failure?: unknown }

/** The field messages and the other failure of a refused post. */
function refusalMessages(refusal: ProductFormRefusal, t: Parameters<typeof checkProduct>[1]): { errors: FieldErrors; failure: unknown } {
  if (refusal.invalid) return { errors: checkProduct(refusal.values, t), failure: null };
  const caught = revivedError(refusal.failure);
  const errors = caught instanceof ApiError && caught.status === 422
    ? { ...messagesOfProblem(fieldErrorsOf(caught, 'details'), refusal.values, t), ...messagesOfRefusal(caught.problem.code, t) }
    : {};
  return { errors, failure: Object.keys(errors).length ? null : refusal.failure };
}

export function ProductForm(props: ProductFormProps) {
  const { t } = useTranslation();
  const id = useId();
  // The form posts no intent (''): another form's answer on the same page (a removal) is not its refusal.
  const answer = useActionAnswer<ProductFormRefusal>('');
  const refusal = !props.onSubmit && answer?.values && (answer.invalid || isActionFailure(answer.failure)) ? answer : undefined;
  const refused = refusal ? refusalMessages(refusal, t) : { errors: {}, failure: null };
  const navigation = useNavigation();
  const [values, setValues] = useState<ProductFormValues>(refusal?.values ?? props.initial);
  const [errors, setErrors] = useState<FieldErrors>(refused.errors);
  const [failure, setFailure] = useState<unknown>(refused.failure);
  const [submitting, setBusy] = useState(false);
  const busy = submitting || (!props.onSubmit && navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST');
  // A refusal from the route action (with JavaScript: the page stays, the answer changes).
  useEffect(() => {
    if (!refusal) return;
    setErrors(refused.errors);
    setFailure(refused.failure);
    if (Object.keys(refused.errors).length) focusFirstError(document.querySelector('[data-testid="product-form"]') as HTMLFormElement);
  }, [answer]);
  const set = <K extends keyof ProductFormValues>(key: K) => (value: ProductFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const error = (field: string) => errorAt(errors, field);

  async function submit(event: FormEvent<HTMLFormElement>) {
    setFailure(null);
    const found = checkProduct(values, t);
    setErrors(found);
    // The route action's form posts on unless the required fields are missing.
    if (Object.keys(found).length || props.onSubmit) event.preventDefault();
    if (Object.keys(found).length) return focusFirstError(event.currentTarget);
    if (!props.onSubmit) return;
    setBusy(true);
    const form = event.currentTarget;
    try {
      await props.onSubmit(detailsOf(values));
    } catch (caught) {
      const fields = caught instanceof ApiError && caught.status === 422
        ? { ...messagesOfProblem(fieldErrorsOf(caught, 'details'), values, t), ...messagesOfRefusal(caught.problem.code, t) }
        : {};
      setErrors(fields);
      if (Object.keys(fields).length) focusFirstError(form);
      else setFailure(caught);
      setBusy(false);
    }
  }

  const inputError = (field: string) => ({ 'aria-invalid': error(field) ? true : undefined, 'aria-describedby': error(field) ? `${id}-${field}-error` : undefined });
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <Form method="post" className="form product-form" onSubmit={submit} noValidate data-testid="product-form">
      {hasErrors ? <p className="form-error" role="alert" data-testid="product-form-errors">{t('products.form.fixErrors')}</p> : null}
      <FormError error={failure} />

      <fieldset className="field product-types">
        <legend>{t('products.form.type')}</legend>
        <div className="type-options">
          {PRODUCT_TYPES.map((type) => (
            <label key={type} className={`type-option${values.type === type ? ' is-chosen' : ''}`}>
              <input type="radio" name="type" value={type} checked={values.type === type} onChange={() => set('type')(type)} data-testid={`type-${type}`} />
              <span className="type-name">{t(`product.type.${type}`)}</span>
              <small>{t(`products.form.typeHints.${type}`)}</small>
            </label>
          ))}
        </div>
      </fieldset>

      <TranslatableField name="name" label={t('products.form.name')} value={values.name} onChange={set('name')} required maxLength={PRODUCT_NAME_MAX} error={error('name')} />

      <TranslatableField name="introText" label={t('products.form.introText')} value={values.introText} onChange={set('introText')} required multiline rows={3}
        maxLength={INTRO_TEXT_MAX} hint={`${t('products.form.introTextHint', { max: INTRO_TEXT_MAX })} ${t('formControls.requiredOneLanguage')}`} error={error('introText')} />

      <fieldset className="field product-information">
        <legend id={`${id}-information-label`}>{t('products.form.information')}</legend>
        <small id={`${id}-information-hint`}>{t('products.form.informationHint')} {t('formControls.requiredOneLanguage')}</small>
        {TRANSLATABLE_LOCALES.map((lang) => (
          <div className="product-information-language" key={lang}>
            <span className="translatable-language">{t(`language.${lang}`)}</span>
            <RichTextEditor name={`information.${lang}`} label={`${t('products.form.information')} · ${t(`language.${lang}`)}`} value={values.information[lang] ?? ''}
              onChange={(html) => set('information')({ ...values.information, [lang]: html })}
              invalid={Boolean(error('information'))} describedBy={[`${id}-information-hint`, error('information') ? `${id}-information-error` : ''].filter(Boolean).join(' ')}
              readOnly={props.readOnly} testId={`product-information-${lang}`} />
          </div>
        ))}
        <FieldError id={`${id}-information-error`} message={error('information')} />
      </fieldset>

      <div className="product-numbers">
        <label className="field">
          <span>{t('products.form.price')} <Required /></span>
          <input name="price" inputMode="decimal" dir="ltr" value={values.price} onChange={(event) => set('price')(event.target.value)} aria-required="true"
            {...inputError('price')} aria-describedby={[`${id}-price-hint`, error('price') ? `${id}-price-error` : ''].filter(Boolean).join(' ')} data-testid="product-price" />
          <small id={`${id}-price-hint`}>{t('products.form.priceHint')} {t('products.form.currency')}</small>
          <FieldError id={`${id}-price-error`} message={error('price')} />
        </label>
        <label className="field">
          <span>{t('products.form.serviceDuration')} <Required /></span>
          <input name="serviceDuration" inputMode="numeric" dir="ltr" value={values.serviceDuration} onChange={(event) => set('serviceDuration')(event.target.value)}
            aria-required="true" {...inputError('serviceDuration')}
            aria-describedby={[`${id}-duration-hint`, error('serviceDuration') ? `${id}-serviceDuration-error` : ''].filter(Boolean).join(' ')} data-testid="product-serviceDuration" />
          <small id={`${id}-duration-hint`}>{t('products.form.serviceDurationHint')}</small>
          <FieldError id={`${id}-serviceDuration-error`} message={error('serviceDuration')} />
        </label>
      </div>

      <PaymentTermsFields id={id} values={values.terms} onChange={set('terms')} error={error} />

      <label className="check-field">
        <input type="checkbox" name="featured" checked={values.featured} onChange={(event) => set('featured')(event.target.checked)} aria-describedby={`${id}-featured-hint`}
          data-testid="product-featured" />
        <span>{t('products.form.featured')}</span>
      </label>
      <small className="muted featured-hint" id={`${id}-featured-hint`}>{t('products.form.featuredHint')}</small>

      <label className="field">
        <span>{t('products.form.introImage')}</span>
        <input name="introImage" type="url" dir="ltr" value={values.introImage} onChange={(event) => set('introImage')(event.target.value)} {...inputError('introImage')}
          maxLength={URL_MAX} placeholder="https://" data-testid="product-introImage" />
        <small>{t('products.form.introImageHint')}</small>
        <FieldError id={`${id}-introImage-error`} message={error('introImage')} />
      </label>

      <RepeatableList<string>
        name="images" legend={t('products.form.images')} items={values.images} onChange={set('images')} newItem={() => ''}
        itemLabel={(index) => t('products.form.image', { number: index + 1 })} addLabel={t('products.form.addImage')} emptyText={t('products.form.noImages')} max={50}
        renderItem={(url, index, update) => (
          <label className="field">
            <span>{t('products.form.imageUrl')}</span>
            <input type="url" dir="ltr" name={`images.${index}`} value={url} onChange={(event) => update(event.target.value)} placeholder="https://" maxLength={URL_MAX}
              {...inputError(`images.${index}`)} />
            <FieldError id={`${id}-images.${index}-error`} message={error(`images.${index}`)} />
          </label>
        )}
      />

      <RepeatableList<{ title: Text; content: Text }>
        name="additionalInformation" legend={t('products.form.additionalInformation')} items={values.additionalInformation} onChange={set('additionalInformation')}
        newItem={() => ({ title: {}, content: {} })} itemLabel={(index) => t('products.form.detail', { number: index + 1 })} addLabel={t('products.form.addDetail')}
        emptyText={t('products.form.noDetails')} max={50}
        renderItem={(row, index, update) => (
          <>
            <TranslatableField name={`additionalInformation.${index}.title`} label={t('products.form.detailTitle')} value={row.title} maxLength={DETAIL_TITLE_MAX}
              onChange={(title) => update({ ...row, title })} error={error(`additionalInformation.${index}.title`)} />
            <TranslatableField name={`additionalInformation.${index}.content`} label={t('products.form.detailContent')} value={row.content} multiline rows={3}
              maxLength={DETAIL_CONTENT_MAX} onChange={(content) => update({ ...row, content })} error={error(`additionalInformation.${index}.content`)} />
          </>
        )}
      />

      {props.readOnly ? null : (
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="product-save">
            {props.mode === 'create' ? (busy ? t('products.form.creating') : t('products.form.create')) : (busy ? t('products.form.saving') : t('products.form.save'))}
          </button>
          <LocalLink to={props.cancelTo ?? '/user/dashboard/vendor/products'} className="button">{t('products.form.cancel')}</LocalLink>
        </div>
      )}
    </Form>
  );
}

function Required(): ReactNode {
  const { t } = useTranslation();
  return <span className="required-mark" aria-hidden="true">{t('products.form.required')}</span>;
}

/** Moves focus to the first field marked invalid, so keyboard and screen-reader users land on it. */
function focusFirstError(form: HTMLFormElement): void {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
