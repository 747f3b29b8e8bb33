// react-router 7 names only its development build in its package exports, for every condition
// (remix-run/react-router#12437, "temporary"; #14102 open): a server or bundle in production would run
// its development build, with its dev warnings and extra checks. It ships the production build beside
// it, with the same entry files (dist/production/index.mjs …), so production swaps the directory of
// what `react-router` resolved to: the browser bundle (web/client-bundle.ts) and the server's module
// hooks (web/jsx-hooks.ts) do it alike, so the one router module is never loaded in both builds.

/** A specifier naming react-router or one of its entries. */
export const REACT_ROUTER_SPECIFIER = /^react-router(\/|$)/;

/** The production build's file for a path or URL react-router's exports resolved to. */
export const productionBuildOf = (resolved: string): string => resolved.replace(/([\\/]react-router[\\/]dist[\\/])development([\\/])/, '$1production$2');
