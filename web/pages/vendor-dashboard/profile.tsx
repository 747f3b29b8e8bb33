import { useLoaderData, useNavigate, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { noInactiveRegistration } from '../../app/guards.ts';
import { orNotFound } from '../../app/loader-kit.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { publishToast } from '../../app/toasts.tsx';
import { vendorPath } from '../../app/vendor-path.ts';
import { languageEntries, vendorProfileForEditing } from '../../api/queries.ts';
import { VendorForm, type VendorProfileInput } from '../../components/vendor-form.tsx';
import { VendorMediaEditor } from '../../components/vendor-media-editor.tsx';
import { DashboardLayout } from '../dashboard/dashboard-layout.tsx';
import { BUSINESS_INTENT, BusinessDetailsForm, businessDetails, saveBusinessDetails } from '../../components/business-details-form.tsx';
import { INTENT_FIELD, textOf } from '../../app/form-action.ts';

// user-dashboard-vendor-profile: the vendor edits every SPEC §3 field of its profile and saves it
// with PUT /api/vendor/profile. The API validates (SPEC §5) and answers 422 with the failing fields;
// each message is shown next to its field in the page's language (the form is the shared
// web/components/vendor-form.tsx, also used by the admin's vendor screens). After saving, the page reloads
// the profile with the write's revision (read-your-writes), so what is shown is what was stored.
// Photos, video and audio are the media section's (web/components/vendor-media-editor.tsx): uploaded,
// ordered and removed at once, item by item; saving the form keeps them (keepMedia).
interface WriteResult { id: string; revision: number }

export async function vendorProfileLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const user = await noInactiveRegistration(environment, request);
  const revision = Number.parseInt(new URL(request.url).searchParams.get('rev') ?? '', 10);
  const categories = await environment.categories();
  const [editing, languages, places, business] = await Promise.all([
    orNotFound(vendorProfileForEditing(environment.api, user.vendorId, categories, Number.isFinite(revision) && revision >= 0 ? revision : undefined)),
    languageEntries(environment.api),
    environment.geoLocations(),
    businessDetails(environment.api),
  ]);
  return { ...editing, categories, languages, places, business, revision: Number.isFinite(revision) ? revision : null };
}

/** The page's form posts: the business details (SPEC §5 Israeli personal id); the profile saves through the API directly. */
export async function vendorProfileAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await noInactiveRegistration(environment, request);
  const form = await request.formData();
  if (textOf(form, INTENT_FIELD) !== BUSINESS_INTENT) throw new Response(null, { status: 400 });
  return saveBusinessDetails(environment.api, form);
}

type ProfileData = Awaited<ReturnType<typeof vendorProfileLoader>>;

export function VendorProfilePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const data = useLoaderData<typeof vendorProfileLoader>();
  return (
    <DashboardLayout
      title={t('vendorProfile.title')}
      actions={<LocalLink to={vendorPath(data.card, locale)} className="button" data-testid="view-my-page">{t('vendorProfile.viewPage')}</LocalLink>}
    >
      <p className="muted">{t('vendorProfile.lead')}</p>
      {/* A new revision (after saving) starts the editor again from what was stored. */}
      <ProfileEditor key={data.revision ?? 'loaded'} data={data} />
      <BusinessDetailsForm details={data.business} />
    </DashboardLayout>
  );
}

/** The shared vendor form, saving the vendor's own profile; after saving the page reloads with the write's revision. */
function ProfileEditor(props: { data: ProfileData }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { data } = props;

  async function save(profile: VendorProfileInput) {
    // The media lists are written item by item by the media section: saving keeps them as they are now.
    const written = await environmentOf(undefined).api.request<WriteResult>('PUT', 'vendor/profile', { body: { profile, keepMedia: true }, silent: true });
    publishToast({ kind: 'success', messageKey: 'vendorProfile.saved' });
    await navigate({ search: `?rev=${written.revision}` }, { replace: true, preventScrollReset: true });
  }

  return (
    <VendorForm initial={data.profile} categories={data.categories} languages={data.languages} places={data.places} onSubmit={save}
      mediaLists={<VendorMediaEditor initial={data.profile} />}
      saveBarExtra={<LocalLink to={vendorPath(data.card, locale)} className="save-bar-link">{t('vendorProfile.viewPage')}</LocalLink>} />
  );
}

export const vendorProfileRoutes: RouteObject[] = [
  { path: 'user/dashboard/vendor/profile', loader: vendorProfileLoader, action: vendorProfileAction, Component: VendorProfilePage },
];
