import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { environmentOf } from '../app/environment.ts';
import { PageMeta } from '../app/page-meta.tsx';
import { HelpContent, helpArticle } from '../components/help-content.tsx';

// /help for everyone, guests included: the same help as the dashboard's (web/components/help-content.tsx),
// so someone who cannot sign in can still reach support.
export async function publicHelpLoader({ context }: LoaderFunctionArgs) {
  return { article: await helpArticle(environmentOf(context).api) };
}

export function PublicHelpPage() {
  const { t } = useTranslation();
  const { article } = useLoaderData<typeof publicHelpLoader>();
  return (
    <div className="page narrow public-help" data-testid="public-help">
      <PageMeta title={t('dashboard.items.help')} description={t('help.description')} />
      <h1>{t('dashboard.items.help')}</h1>
      <HelpContent article={article} />
    </div>
  );
}
