import { Form, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireSuperAdmin } from '../../app/guards.ts';
import { refused, revivedError, useActionFailure } from '../../app/form-action.ts';
import { orNotFound, pageNumberOf } from '../../app/loader-kit.ts';
import { formatDate, tr } from '../../app/format.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { ADMIN_CONTENT_PAGE_SIZE, artistOptions, phoneNumberDispense, phoneNumberDispenses, type PhoneNumberDispenseRow } from '../../api/admin-content.ts';
import { ConfirmPostButton } from '../../components/confirm-button.tsx';
import { EventHistory } from '../../components/event-history.tsx';
import { FormError } from '../../components/form-errors.tsx';
import { AdminEmpty, AdminTable } from '../../components/admin-table.tsx';
import { FilterField, FilterSelect } from '../../components/filter-fields.tsx';
import { phoneNumberDispenseStream } from '../../../domain/phone-number-dispense/decider.ts';
import { AdminLayout } from './admin-layout.tsx';
import { adminForm, doneRedirect } from './admin-action.ts';
import { DoneNotice, useDone } from './done-notice.tsx';
import { formatPhoneNumber } from '../../../domain/shared/phone-parsing.ts';

// The phone number dispenses (superUsers, SPEC §6 "the Entities group"): a list of who asked for which
// artist's number (SPEC §3), one dispense's page, and their deletion. They sit under the entities'
// address (/admin/entity/phoneNumberDispense) but are not a content type: no form, only read and delete.
const LIST_PATH = '/admin/entity/phoneNumberDispense';
const DISPENSE_DELETE = 'delete-dispense';

export async function dispenseListLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireSuperAdmin(environment, request);
  const url = new URL(request.url);
  const page = pageNumberOf(url);
  const text = url.searchParams.get('text')?.trim().slice(0, 200) ?? '';
  const vendorId = url.searchParams.get('vendorId')?.trim().slice(0, 100) ?? '';
  const [dispenses, artists] = await Promise.all([
    phoneNumberDispenses(environment.api, { text, vendorId, start: (page - 1) * ADMIN_CONTENT_PAGE_SIZE }),
    artistOptions(environment.api),
  ]);
  return { dispenses, artists, page, text, vendorId };
}

export async function dispenseLoader({ context, request, params }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireSuperAdmin(environment, request);
  return { dispense: await orNotFound(phoneNumberDispense(environment.api, params.dispenseId ?? '')) };
}

/**
 * Deletes a phone number dispense (the list posts `dispenseId`, its own page has it in the address),
 * then back to the list — from the list with its filters and page — once the views no longer hold it.
 */
export async function dispenseDeleteAction(args: ActionFunctionArgs) {
  const { environment, form } = await adminForm(args, requireSuperAdmin);
  const dispenseId = args.params.dispenseId ?? String(form.get('dispenseId') ?? '');
  const api = environment.api;
  try {
    const dispense = await phoneNumberDispense(api, dispenseId);
    const written = await api.delete<{ revision: number }>(`admin/phone-number-dispenses/${encodeURIComponent(dispenseId)}`, undefined, { silent: true });
    // Answers 404 once the views have the deletion.
    await phoneNumberDispense(api, dispenseId, written.revision).catch(() => undefined);
    api.clearCache();
    const search = args.params.dispenseId ? '' : new URL(args.request.url).search;
    return doneRedirect(args.request, `${LIST_PATH}${search}`, 'deleted', { name: dispense.fullName });
  } catch (error) {
    return refused(error, DISPENSE_DELETE);
  }
}

export function PhoneDispensesList() {
  const props = useLoaderData<typeof dispenseListLoader>();
  const { t } = useTranslation();
  const locale = useLocale();
  const navigation = useNavigation();
  const failure = useActionFailure(DISPENSE_DELETE);
  const notice = useDispenseNotice();
  const { dispenses, artists, text, vendorId } = props;
  const filtered = Boolean(text || vendorId);

  return (
    <AdminLayout title={t('admin.items.phoneNumberDispense')}>
      <p className="muted">{t('adminContent.dispenses.intro')}</p>
      <DoneNotice message={notice} testId="dispense-notice" />
      <FormError error={revivedError(failure)} />
      <Form method="get" className="admin-filters" role="search" aria-label={t('adminContent.list.searchLabel')}>
        <FilterField label={t('adminContent.dispenses.search')}>
          <input name="text" type="search" defaultValue={text} />
        </FilterField>
        <FilterSelect label={t('adminContent.dispenses.artist')} name="vendorId" value={vendorId}
          options={[{ value: '', label: t('adminContent.dispenses.anyArtist') }, ...artists.map((artist) => ({ value: artist.id, label: tr(artist.name, locale) || artist.id }))]} />
        <button type="submit" className="button" disabled={navigation.state === 'loading'}>{t('adminContent.list.apply')}</button>
        {filtered ? <LocalLink to={LIST_PATH} className="link-quiet-dark">{t('adminContent.list.clear')}</LocalLink> : null}
      </Form>
      <p className="muted" role="status">{t('adminContent.list.count', { count: dispenses.total })}</p>
      <AdminTable rows={dispenses.items} rowKey={(row) => row.id} rowProps={() => ({ 'data-testid': 'dispense-row' })} testId="dispense-list"
        empty={<AdminEmpty filtered={filtered} message={t('adminContent.dispenses.empty')} testId="dispense-empty" />}
        paging={{ page: props.page, pageSize: ADMIN_CONTENT_PAGE_SIZE, total: dispenses.total }}
        columns={[
          { id: 'when', header: t('adminContent.dispenses.when'), cell: (row) => (
            <LocalLink to={`${LIST_PATH}/${encodeURIComponent(row.id)}`} data-testid="dispense-open">
              {formatDate(row.dispensedAt, locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' })}
            </LocalLink>
          ) },
          { id: 'visitor', header: t('adminContent.dispenses.visitor'), cell: (row) => (
            <>
              <span dir="auto">{row.fullName}</span>{' '}
              <a href={`tel:${row.phoneNumber}`} dir="ltr" className="phone-link">{formatPhoneNumber(row.phoneNumber)}</a>
              {row.userId ? <> <LocalLink to={`/admin/user/${encodeURIComponent(row.userId)}`} className="status">{t('adminContent.dispenses.signedIn')}</LocalLink></> : null}
            </>
          ) },
          { id: 'artist', header: t('adminContent.dispenses.artist'), cell: (row) => (
            <LocalLink to={`/admin/vendor/${encodeURIComponent(row.vendorId)}`} dir="auto">{tr(row.vendorName, locale) || row.vendorId}</LocalLink>
          ) },
          { id: 'given', header: t('adminContent.dispenses.given'), cell: (row) => (
            row.dispensedNumber ? <span dir="ltr">{formatPhoneNumber(row.dispensedNumber)}</span> : <span className="muted">{t('adminContent.dispenses.noneListed')}</span>
          ) },
          { id: 'actions', header: t('adminContent.list.actions'), hiddenHeader: true, className: 'content-table-actions', cell: (row) => (
            <ConfirmPostButton label={t('adminContent.form.delete')} ariaLabel={t('adminContent.dispenses.deleteNamed', { name: row.fullName })}
              question={t('adminContent.dispenses.deleteQuestion')} confirmLabel={t('adminContent.form.deleteConfirm')} cancelLabel={t('adminContent.form.keep')}
              busyLabel={t('adminContent.form.deleting')} intent={`${DISPENSE_DELETE}:${row.id}`} fields={{ dispenseId: row.id }} testId="dispense-delete" />
          ) },
        ]} />
    </AdminLayout>
  );
}

/** The notice of a dispense's deletion, from the `done` of the address. */
function useDispenseNotice(): string | null {
  const { t } = useTranslation();
  const done = useDone();
  return done?.what === 'deleted' ? t('adminContent.dispenses.deleted', { name: done.details.name ?? '' }) : null;
}

/** One phone number dispense: who asked, for which artist, what they got; deleted after asking; its history. */
export function PhoneDispensePage() {
  const props: { dispense: PhoneNumberDispenseRow } = useLoaderData<typeof dispenseLoader>();
  const { t } = useTranslation();
  const locale = useLocale();
  const failure = useActionFailure(DISPENSE_DELETE);
  const { dispense } = props;

  return (
    <AdminLayout title={t('adminContent.dispenses.title', { name: dispense.fullName })}>
      <p><LocalLink to={LIST_PATH}>{t('adminContent.dispenses.back')}</LocalLink></p>
      <dl className="facts card dispense-facts" data-testid="dispense">
        <dt>{t('adminContent.dispenses.when')}</dt>
        <dd>{formatDate(dispense.dispensedAt, locale, { dateStyle: 'full', timeStyle: 'short', hourCycle: 'h23' })}</dd>
        <dt>{t('adminContent.dispenses.visitor')}</dt>
        <dd>
          <span dir="auto">{dispense.fullName}</span> <a href={`tel:${dispense.phoneNumber}`} dir="ltr" className="phone-link">{formatPhoneNumber(dispense.phoneNumber)}</a>
          {dispense.userId ? <> <LocalLink to={`/admin/user/${encodeURIComponent(dispense.userId)}`} className="status">{t('adminContent.dispenses.signedIn')}</LocalLink></> : null}
        </dd>
        <dt>{t('adminContent.dispenses.artist')}</dt>
        <dd><LocalLink to={`/admin/vendor/${encodeURIComponent(dispense.vendorId)}`} dir="auto">{tr(dispense.vendorName, locale) || dispense.vendorId}</LocalLink></dd>
        <dt>{t('adminContent.dispenses.given')}</dt>
        <dd>{dispense.dispensedNumber ? <span dir="ltr">{formatPhoneNumber(dispense.dispensedNumber)}</span> : <span className="muted">{t('adminContent.dispenses.noneListed')}</span>}</dd>
      </dl>
      <section className="card danger-zone" aria-labelledby="dispense-delete-title">
        <h2 id="dispense-delete-title">{t('adminContent.dispenses.deleteTitle')}</h2>
        <p className="muted">{t('adminContent.dispenses.deleteHint')}</p>
        <FormError error={revivedError(failure)} />
        <ConfirmPostButton label={t('adminContent.form.delete')} question={t('adminContent.dispenses.deleteQuestion')} confirmLabel={t('adminContent.form.deleteConfirm')}
          cancelLabel={t('adminContent.form.keep')} busyLabel={t('adminContent.form.deleting')} intent={DISPENSE_DELETE} testId="dispense-delete" />
      </section>
      <EventHistory streamId={phoneNumberDispenseStream(dispense.id)} />
    </AdminLayout>
  );
}

// Static segments rank above the entities' `:entityType`, so these answer /admin/entity/phoneNumberDispense.
export const adminDispenseRoutes: RouteObject[] = [
  { path: 'admin/entity/phoneNumberDispense', loader: dispenseListLoader, action: dispenseDeleteAction, Component: PhoneDispensesList },
  { path: 'admin/entity/phoneNumberDispense/:dispenseId', loader: dispenseLoader, action: dispenseDeleteAction, Component: PhoneDispensePage },
];
