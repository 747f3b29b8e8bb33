import { Form, useActionData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { refused, revivedError, textOf } from '../../app/form-action.ts';
import { FormError } from '../../components/form-errors.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { requireAdminRight } from './admin-access.tsx';

// SPEC §2 payments playground: a card tried against the payment gateway without an order (POST
// /api/admin/payments/playground: the charge, and an accepted one refunded at once), with the sandbox's
// test cards at hand, so the back office sees what a customer meets. Its right is `payments` `create`,
// which only superAdmin holds until a rule grants it.
const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'accepted' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficientFunds' },
] as const;

type PlaygroundResult = { charge: { status: 'accepted'; paymentId: string; cardLast4: string } | { status: 'declined'; reason: string; cardLast4: string }; refund: { refundId: string } | null };

export async function playgroundLoader({ context, request }: LoaderFunctionArgs) {
  await requireAdminRight(environmentOf(context), request, 'payments', 'create');
  return null;
}

export async function playgroundAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await requireAdminRight(environment, request, 'payments', 'create');
  const form = await request.formData();
  const shekels = Number(textOf(form, 'amount').replace(',', '.'));
  try {
    const result = await environment.api.post<PlaygroundResult>('admin/payments/playground',
      { cardNumber: textOf(form, 'cardNumber'), amountMinor: Number.isFinite(shekels) ? Math.round(shekels * 100) : 0 }, { silent: true });
    return { intent: '', result };
  } catch (error) {
    return refused(error);
  }
}

export function PaymentsPlaygroundPage() {
  const { t } = useTranslation();
  const answer = useActionData() as { result?: PlaygroundResult; failure?: unknown } | undefined;
  const busy = useNavigation().state === 'submitting';
  const result = answer?.result;
  return (
    <AdminLayout title={t('admin.items.paymentsPlayground')}>
      <p className="muted">{t('adminTools.playground.lead')}</p>
      <div className="tools-columns">
        <Form method="post" className="form card account-form" data-testid="playground-form">
          <label className="field">
            <span>{t('adminTools.playground.card')}</span>
            <input name="cardNumber" required inputMode="numeric" autoComplete="off" dir="ltr" defaultValue="4242 4242 4242 4242" data-testid="playground-card" />
          </label>
          <label className="field">
            <span>{t('adminTools.playground.amount')}</span>
            <input name="amount" required inputMode="decimal" dir="ltr" defaultValue="100" data-testid="playground-amount" />
          </label>
          <FormError error={revivedError(answer?.failure ?? null)} />
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="playground-try">{busy ? t('adminTools.playground.trying') : t('adminTools.playground.try')}</button>
        </Form>
        <section className="card" aria-labelledby="playground-cards">
          <h2 id="playground-cards">{t('adminTools.playground.testCards')}</h2>
          <dl className="facts">
            {TEST_CARDS.map((card) => <div key={card.number}><dt dir="ltr">{card.number}</dt><dd>{t(`adminTools.playground.outcomes.${card.outcome}`)}</dd></div>)}
          </dl>
        </section>
      </div>
      {result ? (
        <section className={`card notice ${result.charge.status === 'accepted' ? 'notice-success' : ''}`} role="status" data-testid="playground-result" data-status={result.charge.status}>
          {result.charge.status === 'accepted'
            ? <p>{t('adminTools.playground.accepted', { last4: result.charge.cardLast4 })} {result.refund ? t('adminTools.playground.refunded') : null}</p>
            : <p>{t('adminTools.playground.declined', { last4: result.charge.cardLast4 })} <bdi lang="en" dir="ltr">{result.charge.reason}</bdi></p>}
        </section>
      ) : null}
    </AdminLayout>
  );
}

export const paymentsPlaygroundRoutes: RouteObject[] = [
  { path: 'admin/payments-playground', loader: playgroundLoader, action: playgroundAction, Component: PaymentsPlaygroundPage },
];
