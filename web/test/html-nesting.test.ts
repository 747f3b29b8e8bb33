import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, DEMO, page, signIn, startTestMarketplace, type TestMarketplace } from './marketplace.ts';
import { PERSONAL_MENU, VENDOR_MENU, dashboardPath } from '../pages/dashboard/dashboard-layout.tsx';
import { ADMIN_NAV } from '../pages/admin/admin-nav.ts';

// Markup a browser parses into another tree than React built — a form inside a <p>, a form inside a
// form, a link inside a link — breaks hydration: the browser closes or drops elements, React finds
// other nodes than it rendered and throws the page's tree away. The browser suites only see it on the
// pages they happen to visit; this reads the server's HTML of every screen, for guests, a customer,
// an artist and an admin, in both languages. React writes every closing tag itself, so any tag the
// parser has to close on its own, or a forbidden ancestor, is such markup.
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Start tags that close an open <p> (the HTML parsing rules: "close a p element" when one is in button scope). */
const CLOSES_P = new Set([
  'address', 'article', 'aside', 'blockquote', 'center', 'details', 'dialog', 'dir', 'div', 'dl', 'dd', 'dt', 'fieldset', 'figcaption', 'figure',
  'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'li', 'listing', 'main', 'menu', 'nav', 'ol', 'p', 'pre',
  'search', 'section', 'summary', 'table', 'ul', 'xmp',
]);
/** Interactive elements, which may stand neither in a link nor in a button. */
const NOT_IN_LINK_OR_BUTTON = new Set(['a', 'button', 'input', 'select', 'textarea']);
/** Further interactive elements a button may not hold. */
const NOT_IN_BUTTON = new Set(['label', 'details', 'iframe']);

/** The nesting faults of a page's HTML, each as `outer > inner`. */
export function nestingFaults(html: string): string[] {
  const faults = new Set<string>();
  const stack: string[] = [];
  let closedByParser: string | null = null;
  const parser = new Parser({
    onopentagname(name) {
      if (closedByParser) faults.add(`<${closedByParser}> cannot contain <${name}>`);
      closedByParser = null;
      // A <p> anywhere above, up to a <button> (the parser's "button scope"), is closed by these.
      if (CLOSES_P.has(name) && stack.slice(stack.lastIndexOf('button') + 1).includes('p')) faults.add(`<p> cannot contain <${name}>`);
      if (name === 'form' && stack.includes('form')) faults.add('<form> cannot contain <form>');
      const linkOrButton = NOT_IN_LINK_OR_BUTTON.has(name) ? stack.find((ancestor) => ancestor === 'a' || ancestor === 'button') : undefined;
      if (linkOrButton) faults.add(`<${linkOrButton}> cannot contain <${name}>`);
      if (NOT_IN_BUTTON.has(name) && stack.includes('button')) faults.add(`<button> cannot contain <${name}>`);
      if (!VOID.has(name)) stack.push(name);
    },
    onclosetag(name, implied) {
      if (VOID.has(name)) return;
      if (implied) {
        if (closedByParser) faults.add(`<${closedByParser}> closed before its end tag`);
        closedByParser = name;
      }
      const index = stack.lastIndexOf(name);
      if (index >= 0) stack.length = index;
    },
  }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  if (closedByParser) faults.add(`<${closedByParser}> closed before its end tag`);
  return [...faults];
}

describe('the nesting check itself', () => {
  it('finds a form in a paragraph, a form in a form, a link in a link and a button in a button', () => {
    expect(nestingFaults('<p>price <form><button>save</button></form></p>')).toContain('<p> cannot contain <form>');
    expect(nestingFaults('<p>price <span class="save"><form><button>save</button></form></span></p>')).toContain('<p> cannot contain <form>');
    expect(nestingFaults('<p><span><div>block</div></span></p>')).toContain('<p> cannot contain <div>');
    // The parser drops an inner form's start tag (as browsers do), so the fault shows as a closed element.
    expect(nestingFaults('<form><div><form></form></div></form>')).not.toEqual([]);
    expect(nestingFaults('<a href="/"><span><a href="/x">x</a></span></a>')).toContain('<a> cannot contain <a>');
    expect(nestingFaults('<button><button>x</button></button>')).toContain('<button> cannot contain <button>');
  });

  it('passes well-formed markup with void elements, scripts and a form beside a paragraph', () => {
    expect(nestingFaults('<div><p>a<br/><img src="x"/></p><form><input name="a"/><button>go</button></form><script>if (a < b) {}</script></div>')).toEqual([]);
  });
});

describe('server-rendered pages nest as the browser parses them', () => {
  let market: TestMarketplace;
  const tokens: Record<'customer' | 'vendor' | 'admin', string> = { customer: '', vendor: '', admin: '' };
  /** [who, path] of every screen to read, filled from the demo data. */
  const screens: Array<[keyof typeof tokens | 'guest', string]> = [];

  beforeAll(async () => {
    market = await startTestMarketplace();
    tokens.customer = (await signIn(market.url, DEMO.customer)).token;
    tokens.vendor = (await signIn(market.url, DEMO.vendor)).token;
    tokens.admin = (await signIn(market.url, DEMO.admin)).token;
    const vendorId = (await apiCall<{ Vendor: { id: string } }>(market.url, 'GET', 'user/current', tokens.vendor)).body.Vendor.id;
    const products = (await apiCall<{ items: { productId: string; type: string }[] }>(market.url, 'GET', `ecommerce/product?vendorId=${vendorId}`, null)).body.items;
    const vendorPage = (await page(market.url, `/artists/artists/${vendorId}`)).location ?? `/artists/artists/${vendorId}`;
    type Item = Record<string, unknown>;
    const idOf = (item: Item, key: string) => String(item[key] ?? item.id);
    const orderIds = (await apiCall<{ items: Item[] }>(market.url, 'GET', 'orders?limit=3', tokens.customer)).body.items.map((item) => idOf(item, 'orderId'));
    const userIds = (await apiCall<{ items: Item[] }>(market.url, 'GET', 'admin/users?limit=2', tokens.admin)).body.items.map((item) => idOf(item, 'userId'));

    for (const path of ['/', '/search', '/search?text=band', '/artists', '/artists/bands', vendorPage, `/store/vendor/${vendorId}`, '/store', '/store/vendors', '/blog', '/about', '/contact', '/terms', '/favorites', '/user/login', '/user/register', '/user/register/artist', '/user/password/forgot', '/404']) {
      screens.push(['guest', path]);
    }
    for (const product of products) {
      screens.push(['guest', `/store/product/${product.productId}`], ['customer', `/store/product/${product.productId}`]);
      if (product.type !== 'timedService') screens.push(['customer', `/checkout?productId=${product.productId}`]);
    }
    screens.push(['customer', '/'], ['customer', vendorPage]);
    for (const item of PERSONAL_MENU) screens.push(['customer', dashboardPath(item)]);
    for (const orderId of orderIds) screens.push(['customer', `/order/${orderId}/complete`]);
    for (const item of VENDOR_MENU) screens.push(['vendor', dashboardPath(item)]);
    for (const group of ADMIN_NAV) for (const item of group.items) screens.push(['admin', item.path]);
    screens.push(
      ['admin', `/admin/vendor/${vendorId}`], ['admin', '/admin/vendor/new'], ['admin', `/admin/product/new?vendorId=${vendorId}`],
      ['admin', '/admin/acl/new'], ['admin', '/admin/config/new'], ['admin', '/admin/entity/article/new'], ['admin', `/admin/stream/vendor-${vendorId}`],
    );
    for (const product of products) screens.push(['admin', `/admin/product/${product.productId}`]);
    for (const userId of userIds) screens.push(['admin', `/admin/user/${userId}`]);
    for (const orderId of orderIds) screens.push(['admin', `/admin/order/${orderId}`]);
  }, 180_000);

  afterAll(async () => {
    await market?.close();
  });

  for (const prefix of ['', '/en']) {
    it(`every screen in ${prefix ? 'English' : 'Hebrew'}`, async () => {
      const faults: string[] = [];
      let read = 0;
      for (const [who, path] of screens) {
        const answer = await page(market.url, `${prefix}${path}`, who === 'guest' ? undefined : tokens[who]);
        if (answer.status >= 300 && answer.status < 400) continue;
        read++;
        for (const fault of nestingFaults(answer.html)) faults.push(`${who} ${prefix}${path}: ${fault}`);
      }
      expect(read).toBeGreaterThan(screens.length / 2);
      expect(faults).toEqual([]);
    }, 180_000);
  }
});
