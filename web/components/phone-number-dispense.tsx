import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { environmentOf } from '../app/environment.ts';
import { parseCookies, serializeCookie } from '../app/cookies.ts';
import { useLocale } from '../app/links.tsx';
import { DIAL_PREFIXES, DEFAULT_DIAL_PREFIX, dialPrefixLabel, displayPhone, splitPhone } from '../app/phone-number.ts';
import type { PhoneFromForm } from '../app/phone-input.ts';
import { useRootData } from '../app/root-data.ts';
import { ApiError } from '../api/api-error.ts';
import { FieldError, fieldErrorsOf } from './field-error.tsx';
import { FormError } from './form-errors.tsx';
import { IsolatedText } from './isolated-text.tsx';

// "Show the phone number" on an artist's page (SPEC §1 phone number dispense, §3 its data): the
// visitor leaves their full name and phone number and gets the artist's number; the request is
// recorded for the team (admin "phone number dispenses"). The visitor's details are kept in a cookie
// (SPEC §9: 365 days, path /), so on the next artist's page the number is one click away. The
// artist does not ask for their own number.
export const PHONE_DISPENSE_COOKIE = 'phoneNumberDispense';

interface DispenseData { fullName: string; phoneNumber: string }

function storedData(): DispenseData | null {
  try {
    const parsed = JSON.parse(parseCookies(document.cookie)[PHONE_DISPENSE_COOKIE] ?? 'null') as Partial<DispenseData> | null;
    return parsed && typeof parsed.fullName === 'string' && typeof parsed.phoneNumber === 'string' ? { fullName: parsed.fullName, phoneNumber: parsed.phoneNumber } : null;
  } catch {
    return null;
  }
}

function keepData(data: DispenseData): void {
  document.cookie = serializeCookie(PHONE_DISPENSE_COOKIE, JSON.stringify(data), { secure: location.protocol === 'https:' });
}

type State = { step: 'closed' } | { step: 'asking' } | { step: 'shown'; number: string | null };

export function PhoneNumberDispense(props: { vendorId: string; vendorName: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const { user, supportWhatsapp } = useRootData();
  const [state, setState] = useState<State>({ step: 'closed' });
  const [stored, setStored] = useState<DispenseData | null>(null);
  const [editing, setEditing] = useState(false);
  const [fullName, setFullName] = useState('');
  const [prefix, setPrefix] = useState(DEFAULT_DIAL_PREFIX);
  const [number, setNumber] = useState('');
  const [problems, setProblems] = useState<{ fullName?: string; phone?: string }>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  // The cookie is read after hydration (the server pass renders the closed button either way).
  useEffect(() => {
    const data = storedData();
    setStored(data);
    const split = splitPhone(data?.phoneNumber ?? null);
    setFullName(data?.fullName ?? user?.fullName ?? '');
    setPrefix(split.prefix);
    setNumber(split.number);
  }, [user?.fullName]);

  if (user?.Vendor?.id === props.vendorId) return null;

  async function dispense(data: DispenseData | null, event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    setFailure(null);
    let details = data;
    if (!details) {
      const found: { fullName?: string; phone?: string } = {};
      if (fullName.trim().length < 2) found.fullName = t('phoneDispense.errors.fullName');
      let phone: PhoneFromForm;
      try {
        // The phone library comes with the first number sent, not with the artist's page.
        phone = (await import('../app/phone-input.ts')).phoneFromForm(prefix, number);
      } catch (caught) {
        setFailure(caught);
        return;
      }
      if (!phone.ok) found.phone = t(`profile.errors.${phone.problem}`);
      else if (!phone.phone) found.phone = t('phoneDispense.errors.phoneRequired');
      setProblems(found);
      if (Object.keys(found).length || !phone.ok || !phone.phone) return;
      details = { fullName: fullName.trim(), phoneNumber: phone.phone };
    }
    setBusy(true);
    try {
      const answer = await environmentOf(undefined).api.post<{ dispensedNumber: string | null }>(
        `artists/vendor/${encodeURIComponent(props.vendorId)}/phone-number`, details, { silent: true },
      );
      keepData(details);
      setStored(details);
      setEditing(false);
      setState({ step: 'shown', number: answer.dispensedNumber });
    } catch (caught) {
      const refused = caught instanceof ApiError && caught.status === 422 ? fieldErrorsOf(caught) : {};
      const fields = {
        ...(refused.fullName ? { fullName: t('phoneDispense.errors.fullName') } : {}),
        ...(Object.keys(refused).some((field) => field.startsWith('phoneNumber')) ? { phone: t('profile.errors.phoneNumber') } : {}),
      };
      if (Object.keys(fields).length) {
        // Details from the cookie the API refuses are asked for again.
        setEditing(true);
        setProblems(fields);
      } else setFailure(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card phone-dispense" aria-labelledby={`${id}-title`} data-testid="phone-dispense">
      <h2 id={`${id}-title`}>{t('phoneDispense.title')}</h2>
      {state.step === 'closed' ? (
        <>
          <p className="muted"><IsolatedText i18nKey="phoneDispense.intro" values={{ name: props.vendorName }} /></p>
          <button type="button" className="button button-block" onClick={() => setState({ step: 'asking' })} data-testid="phone-dispense-open">{t('phoneDispense.show')}</button>
        </>
      ) : null}
      {state.step === 'asking' && stored && !editing ? (
        <div className="phone-dispense-known">
          <p><IsolatedText i18nKey="phoneDispense.asKnown" values={{ name: stored.fullName }} /> <span dir="ltr">{displayPhone(stored.phoneNumber)}</span></p>
          <FormError error={failure} />
          <button type="button" className="button button-primary button-block" disabled={busy} aria-busy={busy} onClick={() => void dispense(stored)} data-testid="phone-dispense-submit">
            {busy ? t('phoneDispense.showing') : t('phoneDispense.showNumber')}
          </button>
          <button type="button" className="link-button" onClick={() => setEditing(true)} data-testid="phone-dispense-change">{t('phoneDispense.change')}</button>
        </div>
      ) : null}
      {state.step === 'asking' && (!stored || editing) ? (
        <form className="form phone-dispense-form" onSubmit={(event) => void dispense(null, event)} noValidate data-testid="phone-dispense-form">
          <p className="muted">{t('phoneDispense.why')}</p>
          <FormError error={failure} />
          <div className="field">
            <label htmlFor={`${id}-name`}>{t('phoneDispense.fullName')}</label>
            <input id={`${id}-name`} value={fullName} onChange={(event) => setFullName(event.target.value)} autoComplete="name" dir="auto" aria-required="true"
              aria-invalid={problems.fullName ? true : undefined} aria-describedby={problems.fullName ? `${id}-name-error` : undefined} data-testid="phone-dispense-name" />
            <FieldError id={`${id}-name-error`} message={problems.fullName} />
          </div>
          <fieldset className="field">
            <legend>{t('phoneDispense.yourPhone')}</legend>
            <div className="phone-inputs" dir="ltr">
              <select value={prefix} onChange={(event) => setPrefix(event.target.value)} aria-label={t('profile.phonePrefix')} data-testid="phone-dispense-prefix">
                {DIAL_PREFIXES.map((entry) => <option key={entry.prefix} value={entry.prefix}>{dialPrefixLabel(entry, locale)}</option>)}
                {DIAL_PREFIXES.some((entry) => entry.prefix === prefix) ? null : <option value={prefix}>{`${prefix} ${t('profile.countries.other')}`}</option>}
              </select>
              <input value={number} onChange={(event) => setNumber(event.target.value)} type="tel" inputMode="tel" autoComplete="tel-national" placeholder="050-123-4567"
                aria-label={t('profile.phoneNumber')} aria-required="true" aria-invalid={problems.phone ? true : undefined}
                aria-describedby={[`${id}-phone-hint`, problems.phone ? `${id}-phone-error` : ''].filter(Boolean).join(' ')} data-testid="phone-dispense-phone" />
            </div>
            <small id={`${id}-phone-hint`}>{t('phoneDispense.phoneHint')}</small>
            <FieldError id={`${id}-phone-error`} message={problems.phone} />
          </fieldset>
          <button type="submit" className="button button-primary button-block" disabled={busy} aria-busy={busy} data-testid="phone-dispense-submit">
            {busy ? t('phoneDispense.showing') : t('phoneDispense.showNumber')}
          </button>
          <small className="muted">{t('phoneDispense.kept')}</small>
        </form>
      ) : null}
      {state.step === 'shown' ? (
        state.number ? (
          <p className="phone-dispense-number" role="status">
            <IsolatedText i18nKey="phoneDispense.callName" values={{ name: props.vendorName }} />{' '}
            <a href={`tel:${state.number}`} dir="ltr" className="phone-dispense-link" data-testid="phone-dispense-number">{displayPhone(state.number)}</a>
          </p>
        ) : (
          <div role="status" data-testid="phone-dispense-none">
            <p><IsolatedText i18nKey="phoneDispense.none" values={{ name: props.vendorName }} /></p>
            {supportWhatsapp ? <p>{t('phoneDispense.noneSupport')} <a href={`https://wa.me/${supportWhatsapp.replace('+', '')}`} dir="ltr">{displayPhone(supportWhatsapp)}</a></p> : null}
          </div>
        )
      ) : null}
    </section>
  );
}
