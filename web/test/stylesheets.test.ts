import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeGroups, STYLESHEETS, stylesheetHref, stylesheetsOf } from '../app/route-groups.ts';

// The stylesheets (web/client-bundle.ts): `app`, the base and the storefront's rules, which every page
// links, and a sheet per folder of web/styles/ that a route group's pages link after it.
const styles = fileURLToPath(new URL('../styles', import.meta.url));
const folders = readdirSync(styles, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();

describe('stylesheets', () => {
  it('has a folder of web/styles/ for each sheet but app, and a route group linking each', () => {
    expect(folders).toEqual(STYLESHEETS.filter((name) => name !== 'app').sort());
    expect(new Set(routeGroups.flatMap((group) => group.stylesheets))).toEqual(new Set(folders));
  });

  it('names the sheets of a page from the one it links, by the same hash', () => {
    expect(stylesheetHref('/assets/app.0123456789ab.css', 'dashboard-admin')).toBe('/assets/dashboard-admin.0123456789ab.css');
    expect(stylesheetHref('/assets/app.0123456789ab.css', 'app')).toBe('/assets/app.0123456789ab.css');
    expect(stylesheetHref('/styles.css', 'admin')).toBeNull();
  });

  it('links no sheet of the dashboards on the storefront, and the shared sheet after a group’s own', () => {
    const group = (name: string) => routeGroups.find((candidate) => candidate.name === name)!;
    expect(stylesheetsOf([group('orders')])).toEqual([]);
    expect(stylesheetsOf([group('dashboard')])).toEqual(['dashboard', 'dashboard-admin']);
    expect(stylesheetsOf([group('admin')])).toEqual(['admin', 'dashboard-admin']);
  });
});
