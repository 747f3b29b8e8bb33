import type { RouteObject } from 'react-router';
import { aclRoutes } from './acl-rules.tsx';
import { configRoutes } from './config-entries.tsx';
import { languageRoutes } from './language-entries.tsx';

// admin-acl, admin-language, admin-config (list and edit by entryKey): each screen in its own module.
export const adminSettingsRoutes: RouteObject[] = [...aclRoutes, ...languageRoutes, ...configRoutes];
