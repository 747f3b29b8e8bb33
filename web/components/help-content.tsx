import { useTranslation } from '../i18n/use-translation.ts';
import { LocalLink, useLocale } from '../app/links.tsx';
import { tr } from '../app/format.ts';
import { useRootData } from '../app/root-data.ts';
import { articleByAlias } from '../api/queries.ts';
import { isApiError } from '../api/api-error.ts';
import type { ApiClient } from '../api/client.ts';
import type { Article } from '../api/view-models.ts';
import { ActionName } from './action-name.tsx';
import { displayPhone } from '../app/phone-number.ts';

// Help (SPEC §1 support contact; SPEC §2 user-dashboard-help and the public help): the support WhatsApp
// number (root data, from the public config) and the questions and answers, an article with the alias
// `help` of the content aggregate (sanitized by the adapter like every article). Shown in the dashboard
// and, for everyone, at /help.
export const HELP_ARTICLE_ALIAS = 'help';

/** The help article, or null when there is none (yet): the page still offers WhatsApp and the contact page. */
export async function helpArticle(api: ApiClient): Promise<Article | null> {
  try {
    return await articleByAlias(api, HELP_ARTICLE_ALIAS);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function HelpContent(props: { article: Article | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { supportWhatsapp } = useRootData();
  const { article } = props;
  const body = article ? tr(article.bodyHtml, locale) : '';
  return (
    <>
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
    </>
  );
}
