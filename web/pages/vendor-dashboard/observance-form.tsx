import { useId } from 'react';
import { Form, type ActionFunctionArgs } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { noInactiveRegistration } from '../../app/guards.ts';
import { refused, useActionAnswer, useActionFailure, useSubmitting, INTENT_FIELD } from '../../app/form-action.ts';
import { untilViewShows } from '../../app/until-views-show.ts';
import { jewishCalendar, type ObservanceChoice } from '../../api/jewish-calendar.ts';
import { FormError } from '../../components/form-errors.tsx';

// Shabbat and holidays on the busy-times screen (docs/jewish-calendar.md): whether the artist performs on
// Shabbat and on the Jewish holidays, and which fast and memorial days they also keep free. Checkboxes
// in a form that posts to the screen's action (also without JavaScript); the API decides
// (PUT /api/vendor/observance), and the action waits until the view shows the choice.
export const OBSERVANCE_INTENT = 'observance';
export const OPTIONAL_DAYS = ['minor-fasts', 'tisha-bav', 'yom-hashoah', 'yom-hazikaron'] as const;
export type ObservanceAnswer = { intent: string; saved?: ObservanceChoice };

const sameChoice = (a: ObservanceChoice, b: ObservanceChoice) =>
  a.performsOnShabbat === b.performsOnShabbat && a.performsOnHolidays === b.performsOnHolidays && [...a.alsoRestsOn].sort().join() === [...b.alsoRestsOn].sort().join();

export async function observanceAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  const { vendorId } = await noInactiveRegistration(environment, request);
  const form = await request.formData();
  const choice: ObservanceChoice = {
    performsOnShabbat: form.get('performsOnShabbat') !== null,
    performsOnHolidays: form.get('performsOnHolidays') !== null,
    alsoRestsOn: OPTIONAL_DAYS.filter((day) => form.get(`rests-${day}`) !== null),
  };
  try {
    await environment.api.request('PUT', 'vendor/observance', { body: choice, silent: true });
  } catch (error) {
    return refused(error, OBSERVANCE_INTENT);
  }
  const now = new Date();
  const range = { from: now.toISOString(), to: new Date(now.getTime() + 86_400_000).toISOString() };
  await untilViewShows(environment.api, async () => sameChoice((await jewishCalendar(environment.api, vendorId, range, { fresh: true })).observance, choice));
  return { intent: OBSERVANCE_INTENT, saved: choice } satisfies ObservanceAnswer;
}

export function ObservanceForm(props: { observance: ObservanceChoice }) {
  const { t } = useTranslation();
  const id = useId();
  const answer = useActionAnswer<ObservanceAnswer>(OBSERVANCE_INTENT);
  const failure = useActionFailure(OBSERVANCE_INTENT);
  const submitting = useSubmitting(OBSERVANCE_INTENT);
  const shown = answer?.saved ?? props.observance;
  // A new choice from the server (after saving) resets the unchecked form's defaults.
  const key = JSON.stringify(shown);
  return (
    <section className="card observance-form" aria-labelledby={`${id}-title`} data-testid="observance">
      <h2 id={`${id}-title`}>{t('observance.title')}</h2>
      <p className="muted">{t('observance.intro')}</p>
      {answer?.saved ? <p className="notice notice-success" role="status" data-testid="observance-saved">{t('observance.saved')}</p> : null}
      <FormError error={failure} />
      <Form method="post" className="form" preventScrollReset key={key} data-testid="observance-form">
        <input type="hidden" name={INTENT_FIELD} value={OBSERVANCE_INTENT} />
        <label className="check-field">
          <input type="checkbox" name="performsOnShabbat" defaultChecked={shown.performsOnShabbat} data-testid="observance-shabbat" />
          <span>{t('observance.shabbat')}</span>
        </label>
        <label className="check-field">
          <input type="checkbox" name="performsOnHolidays" defaultChecked={shown.performsOnHolidays} aria-describedby={`${id}-holidays-hint`} data-testid="observance-holidays" />
          <span>{t('observance.holidays')}</span>
        </label>
        <small id={`${id}-holidays-hint`} className="muted">{t('observance.holidaysHint')}</small>
        <fieldset className="observance-days">
          <legend>{t('observance.alsoTitle')}</legend>
          {OPTIONAL_DAYS.map((day) => (
            <label key={day} className="check-field">
              <input type="checkbox" name={`rests-${day}`} defaultChecked={shown.alsoRestsOn.includes(day)} data-testid={`observance-${day}`} />
              <span>{t(`observance.${day}`)}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button button-primary" disabled={submitting} aria-busy={submitting} data-testid="observance-save">
          {submitting ? t('observance.saving') : t('observance.save')}
        </button>
      </Form>
    </section>
  );
}
