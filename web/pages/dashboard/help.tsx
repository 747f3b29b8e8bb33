import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { environmentOf } from '../../app/environment.ts';
import { requireUser } from '../../app/guards.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { tr } from '../../app/format.ts';
import { useRootData } from '../../app/root-data.ts';
import { articleByAlias } from '../../api/queries.ts';
import { isApiError } from '../../api/api-error.ts';
import { DashboardLayout } from './dashboard-layout.tsx';
import { ActionName } from '../../components/action-name.tsx';
import { displayPhone } from '../../app/phone-number.ts';

// user-dashboard-help (both menus): the support WhatsApp number of SPEC §1 (root data, from the
// public config) and the questions and answers, an article with the alias `help` of the content
// aggregate (sanitized by the adapter like every article).
export const HELP_ARTICLE_ALIAS = 'help';

export async function helpLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  try {
    return { article: await articleByAlias(environment.api, HELP_ARTICLE_ALIAS) };
  } catch (error) {
    // No help article (yet): the page still offers WhatsApp and the contact page.
    if (isApiError(error) && error.status === 404) return { article: null };
    throw error;
  }
}

export function HelpPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { supportWhatsapp } = useRootData();
  const { article } = useLoaderData<typeof helpLoader>();
  const body = article ? tr(article.bodyHtml, locale) : '';
  return (
    <DashboardLayout title={t('dashboard.items.help')}>
      <section className="card help-whatsapp" aria-labelledby="help-whatsapp-title" data-testid="help-whatsapp">
        <div>
          <h2 id="help-whatsapp-title">{t('help.whatsappTitle')}</h2>
          {supportWhatsapp
            ? <p>{t('help.whatsappText')} <span className="help-whatsapp-number" dir="ltr" data-testid="help-whatsapp-number">{displayPhone(supportWhatsapp)}</span></p>
            : <p>{t('help.noWhatsapp')}</p>}
        </div>
        {supportWhatsapp ? (
          <a
            className="button button-whatsapp" href={`https://wa.me/${supportWhatsapp.replace(/\D/g, '')}`} target="_blank" rel="noopener noreferrer"
            data-testid="help-whatsapp-link"
          ><ActionName text={t('help.whatsappButton')} subject={displayPhone(supportWhatsapp)} /></a>
        ) : <LocalLink to="/contact" className="button">{t('help.contact')}</LocalLink>}
      </section>
      <section className="help-faq" aria-labelledby="help-faq-title" data-testid="help-faq">
        {article && body ? (
          <>
            <h2 id="help-faq-title">{tr(article.title, locale)}</h2>
            <div className="card rich-text" dangerouslySetInnerHTML={{ __html: body }} />
          </>
        ) : (
          <div className="account-empty card">
            <h2 id="help-faq-title" className="visually-hidden">{t('dashboard.items.help')}</h2>
            <p>{t('help.faqMissing')}</p>
            <LocalLink to="/contact" className="button">{t('help.contact')}</LocalLink>
          </div>
        )}
      </section>
    </DashboardLayout>
  );
}

export const helpRoutes: RouteObject[] = [
  { path: 'user/dashboard/help', loader: helpLoader, Component: HelpPage },
];
