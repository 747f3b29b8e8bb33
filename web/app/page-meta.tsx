import { useTranslation } from 'react-i18next';

// Title and meta description of a page; React 19 hoists them into <head> on the server pass and in
// the browser.
export function PageMeta(props: { title: string; description?: string }) {
  const { t } = useTranslation();
  const title = `${props.title} | ${t('site.name')}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={props.description ?? t('site.description')} />
      <meta property="og:title" content={title} />
    </>
  );
}
