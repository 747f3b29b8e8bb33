import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireUser } from '../../app/guards.ts';
import { orNotFound } from '../../app/loader-kit.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { formatDate, formatDateTime, tr } from '../../app/format.ts';
import { useLiveContracts } from '../../app/live-contracts.ts';
import { myContracts, product as loadProduct, serviceContract } from '../../api/queries.ts';
import type { ContractParty, ContractStatus, CurrentUser, ServiceContract } from '../../api/view-models.ts';
import { Price } from '../../components/price.tsx';
import { Translated } from '../../components/translated.tsx';
import { DashboardLayout } from './dashboard-layout.tsx';
import { ContractActions, contractAction, contractPageRevalidates } from './contract-actions.tsx';
import { contractFormRoutes } from './contract-form.tsx';
import { partyOf, signatureCount } from './contract-rules.ts';

// user-dashboard-contracts (both menus): the service contracts a person is a party to, as customer
// (sent to them by an artist) or as vendor (drafted for their customers), each with its detail page:
// terms, price, dates, status, who signed when, and only the actions its state allows this reader
// (docs/contracts.md). Pushed contract notifications refresh the screens live.
const STATUSES: readonly ContractStatus[] = ['draft', 'sent', 'signed', 'canceled'];
const statusOf = (value: string | null): ContractStatus | null => (STATUSES.includes(value as ContractStatus) ? (value as ContractStatus) : null);

export const revisionOf = (request: Request): number | undefined => {
  const revision = Number.parseInt(new URL(request.url).searchParams.get('rev') ?? '', 10);
  return Number.isFinite(revision) && revision >= 0 ? revision : undefined;
};

export async function contractListLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const user = await requireUser(environment, request);
  const status = statusOf(new URL(request.url).searchParams.get('status'));
  const page = await myContracts(environment.api, status ?? undefined);
  return { user, contracts: page.items, status };
}

/** "With Dana Levi" / "With Noa Cohen": the other party, as the reader sees it. */
function useCounterpart() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (contract: ServiceContract, party: ContractParty | null) => {
    const name = party === 'customer'
      ? tr(contract.vendorName, locale) || t('contracts.someVendor')
      : contract.customerName || t('contracts.someCustomer');
    return t('contracts.with', { name });
  };
}

export function ContractListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user, contracts, status } = useLoaderData<typeof contractListLoader>();
  const counterpart = useCounterpart();
  useLiveContracts();
  const isVendor = Boolean(user.Vendor?.id);
  return (
    <DashboardLayout
      title={t('contracts.title')}
      actions={isVendor ? <LocalLink to="/user/dashboard/contracts/new" className="button button-primary" data-testid="new-contract">{t('contracts.newContract')}</LocalLink> : undefined}
    >
      <div className="contract-page">
        <p className="muted">{isVendor ? t('contracts.leadVendor') : t('contracts.leadCustomer')}</p>
        <nav className="contract-filters" aria-label={t('contracts.filter.label')}>
          {[null, ...STATUSES].map((value) => (
            <LocalLink key={value ?? 'all'} to={value ? `/user/dashboard/contracts?status=${value}` : '/user/dashboard/contracts'}
              className={`chip${value === status ? ' is-current' : ''}`} aria-current={value === status ? 'page' : undefined}>
              {t(`contracts.filter.${value ?? 'all'}`)}
            </LocalLink>
          ))}
        </nav>
        {contracts.length === 0 ? (
          <div className="empty" data-testid="contracts-empty">
            <p>{status ? t('contracts.emptyFiltered') : isVendor ? t('contracts.emptyVendor') : t('contracts.emptyCustomer')}</p>
            {isVendor && !status ? <LocalLink to="/user/dashboard/contracts/new" className="button">{t('contracts.newContract')}</LocalLink> : null}
          </div>
        ) : (
          <ul className="contract-list">
            {contracts.map((contract) => {
              const party = partyOf(contract, user);
              return (
                <li key={contract.contractId} className="card contract-row" data-testid="contract-row" data-contract-id={contract.contractId} data-status={contract.status}>
                  <div className="contract-row-main">
                    <h2><LocalLink to={`/user/dashboard/contracts/${contract.contractId}`} dir="auto">{contract.title}</LocalLink></h2>
                    <p className="muted">{counterpart(contract, party)} · {party === 'vendor' ? t('contracts.youAreVendor') : t('contracts.youAreCustomer')}</p>
                    <p className="contract-row-facts">
                      <Price money={contract.price} />
                      {contract.eventDate ? <span>{formatDate(contract.eventDate, locale)}</span> : null}
                      <span className="muted">{t('contracts.updated', { date: formatDate(contract.updatedAt, locale, { dateStyle: 'medium' }) })}</span>
                    </p>
                  </div>
                  <div className="contract-row-status">
                    <span className={`status status-contract-${contract.status}`} data-testid="contract-status">{t(`contracts.statuses.${contract.status}`)}</span>
                    {contract.status === 'sent' ? <span className="muted">{t('contracts.signatureCount', { count: signatureCount(contract) })}</span> : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </DashboardLayout>
  );
}

export async function contractDetailLoader({ context, request, params }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const user = await requireUser(environment, request);
  const contract = await orNotFound(serviceContract(environment.api, params.id ?? '', revisionOf(request)));
  // The service is a public product; a removed one is simply not named.
  const service = contract.productId ? await loadProduct(environment.api, contract.productId).catch(() => null) : null;
  return { user, contract, service: service ? { id: service.productId, name: service.name } : null };
}

const whoDid: Record<ServiceContract['timeline'][number]['role'], string> = { customer: 'contracts.byCustomer', vendor: 'contracts.byVendor', admin: 'contracts.byTeam', system: '' };

function SignatureLine(props: { contract: ServiceContract; party: ContractParty }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const signature = props.contract.signatures[props.party];
  return (
    <div className="signature-line" data-testid={`signature-${props.party}`} data-signed={signature ? 'true' : 'false'}>
      <dt>{t(props.party === 'customer' ? 'contracts.customerParty' : 'contracts.vendorParty')}</dt>
      <dd>
        {signature
          ? <><span className="signature-mark" aria-hidden="true">✓</span> {signature.name
            ? t('contracts.signedBy', { name: signature.name, date: formatDateTime(signature.at, locale) })
            : t('contracts.signedOn', { date: formatDateTime(signature.at, locale) })}</>
          : <span className="muted">{t('contracts.notSigned')}</span>}
      </dd>
    </div>
  );
}

function StateNotice(props: { contract: ServiceContract; user: CurrentUser }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { contract } = props;
  const party = partyOf(contract, props.user);
  if (contract.status === 'canceled' && contract.cancellation) {
    return <p className="notice notice-error" role="status">{t('contracts.canceled', { date: formatDate(contract.cancellation.at, locale), reason: contract.cancellation.reason })}</p>;
  }
  if (contract.status === 'signed') return <p className="notice notice-success" role="status">{t('contracts.signedNotice')}</p>;
  if (contract.status === 'draft') return <p className="notice">{party === 'customer' ? t('contracts.draftForCustomer') : t('contracts.draftForVendor')}</p>;
  if (party && contract.signatures[party]) return <p className="notice">{t('contracts.waitingForOther')}</p>;
  return null;
}

export function ContractDetailPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user, contract, service } = useLoaderData<typeof contractDetailLoader>();
  const counterpart = useCounterpart();
  useLiveContracts((contractId) => contractId === contract.contractId);
  const party = partyOf(contract, user);
  return (
    <DashboardLayout title={contract.title}>
      <div className="contract-page contract-detail" data-testid="contract-detail" data-contract-id={contract.contractId} data-status={contract.status}>
        <p><LocalLink to="/user/dashboard/contracts">{t('contracts.back')}</LocalLink></p>
        <p className="contract-heading-line">
          <span className={`status status-contract-${contract.status}`} data-testid="contract-status">{t(`contracts.statuses.${contract.status}`)}</span>
          <span>{counterpart(contract, party)}</span>
        </p>
        <StateNotice contract={contract} user={user} />
        <div className="contract-columns">
          <div className="contract-main">
            <section className="card">
              <dl className="facts contract-facts">
                <dt>{t('contracts.price')}</dt><dd className="fact-price"><Price money={contract.price} className="price price-large" /></dd>
                <dt>{t('contracts.eventDate')}</dt><dd>{contract.eventDate ? formatDateTime(contract.eventDate, locale) : t('contracts.noEventDate')}</dd>
                {service ? (<><dt>{t('contracts.service')}</dt><dd><LocalLink to={`/store/product/${service.id}`}><Translated value={service.name} /></LocalLink></dd></>) : null}
                {contract.orderId ? (<><dt>{t('contracts.order')}</dt><dd>{party === 'customer' ? <LocalLink to={`/order/${contract.orderId}/complete`}>{t('contracts.viewOrder')}</LocalLink> : contract.orderId}</dd></>) : null}
              </dl>
            </section>
            <section className="card">
              <h2>{t('contracts.terms')}</h2>
              <div className="contract-terms" data-testid="contract-terms">{contract.terms}</div>
            </section>
            <section className="card contract-history">
              <h2>{t('contracts.history')}</h2>
              <ol className="timeline contract-timeline">
                {contract.timeline.map((entry, index) => (
                  <li key={index}>
                    <span>{t(`contracts.events.${entry.event}`, { defaultValue: entry.event })}{whoDid[entry.role] && entry.event !== 'ContractFullySigned' ? ` ${t(whoDid[entry.role])}` : ''}</span>{' '}
                    <span className="muted">{formatDateTime(entry.at, locale)}</span>
                  </li>
                ))}
              </ol>
            </section>
          </div>
          <aside className="contract-side">
            <section className="card">
              <h2>{t('contracts.signatures')}</h2>
              <dl className="signatures">
                <SignatureLine contract={contract} party="customer" />
                <SignatureLine contract={contract} party="vendor" />
              </dl>
            </section>
            <ContractActions contract={contract} user={user} />
          </aside>
        </div>
      </div>
    </DashboardLayout>
  );
}

export const contractRoutes: RouteObject[] = [
  { path: 'user/dashboard/contracts', loader: contractListLoader, Component: ContractListPage },
  ...contractFormRoutes,
  { path: 'user/dashboard/contracts/:id', loader: contractDetailLoader, action: contractAction, shouldRevalidate: contractPageRevalidates, Component: ContractDetailPage },
];
