import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireUser } from '../../app/guards.ts';
import { DashboardLayout } from './dashboard-layout.tsx';
import { HelpContent, helpArticle } from '../../components/help-content.tsx';

// user-dashboard-help (both menus): the help of web/components/help-content.tsx inside the dashboard.
// Guests read the same at /help (web/pages/help.tsx).
export async function helpLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  return { article: await helpArticle(environment.api) };
}

export function HelpPage() {
  const { t } = useTranslation();
  const { article } = useLoaderData<typeof helpLoader>();
  return (
    <DashboardLayout title={t('dashboard.items.help')}>
      <HelpContent article={article} />
    </DashboardLayout>
  );
}

export const helpRoutes: RouteObject[] = [
  { path: 'user/dashboard/help', loader: helpLoader, Component: HelpPage },
];
