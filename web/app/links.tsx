import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router';
import { localizedPath } from './locale-path.ts';
import { useRootData } from './root-data.ts';
import type { Locale } from '../api/view-models.ts';

// Links inside the app are written locale-free (/search) and rendered in the page's language.
export function useLocale(): Locale {
  return useRootData().locale;
}

export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return (path) => localizedPath(locale, path);
}

export function LocalLink(props: LinkProps & { to: string }) {
  const localize = useLocalizedPath();
  return <Link {...props} to={localize(props.to)} />;
}

export function LocalNavLink(props: NavLinkProps & { to: string }) {
  const localize = useLocalizedPath();
  return <NavLink {...props} to={localize(props.to)} />;
}
