import { createContext, use, type ReactElement, type ReactNode } from 'react';

// A part of the page whose markup is the same on every page with the same inputs (the footer: the
// language and the support number; the header: the language, the section, the user's name and the
// favourites' count) is rendered as components once per set of inputs on the server, then written as
// that markup: React renders the header and the footer in ~0.23 ms of a vendor page's render. A part
// may name holes: values that change with every page (the path in the language switch and the login
// link), written into the markup where the components put them. Only the server's page render provides
// the store (web/render-page.tsx): the browser renders the parts as components, and hydration finds
// the same DOM, the markup being what the components rendered.

/** The markup of the parts rendered so far, by part and inputs, for one process. */
export interface ReusedMarkupStore {
  markupOf(key: string): string | undefined;
  /** This render rendered the part as components: its markup is taken from the page (keepRenderedParts). */
  rendered(key: string, part: ReusablePart): void;
  /**
   * What a part rendering as components writes for a hole: a mark that keepRenderedParts fills with
   * `value`. A hole's name is the page's: two parts' holes of one name would write one value.
   */
  holeMark(name: string, value: string): string;
  /** This render rendered a kept element as components: its markup is made apart, after the page (keepRenderedParts). */
  renderedApart(key: string, element: ReactElement): void;
}

/** The element a part renders: its tag and class, which name it in the page once. */
export interface ReusablePart { tag: 'header' | 'footer' | 'nav'; className: string }

export const ReusedMarkupContext = createContext<ReusedMarkupStore | null>(null);

/** A part's holes by name: their values, or the marks written in their place (usePartHole). */
const PartHolesContext = createContext<Readonly<Record<string, string>> | null>(null);
const NO_HOLES: Readonly<Record<string, string>> = {};

// A hole's mark: letters and digits (nothing React or a link escapes or encodes), random per process
// so no page text holds it.
const MARK = `hole${Array.from(crypto.getRandomValues(new Uint32Array(3)), (word) => word.toString(36)).join('')}`;
const markOf = (name: string) => `${MARK}${name}${MARK}`;

/** The text as React writes it in an attribute or element (escapeTextForBrowser). */
const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
const escapedAsReact = (text: string): string => text.replace(/["&'<>]/g, (char) => ESCAPES[char]!);

function withHolesFilled(markup: string, holes: Readonly<Record<string, string>>): string {
  let filled = markup;
  for (const [name, value] of Object.entries(holes)) filled = filled.replaceAll(markOf(name), escapedAsReact(value));
  return filled;
}

/** The value of the enclosing part's hole `name` (a string written as text or as an attribute's value). */
export function usePartHole(name: string): string {
  const holes = use(PartHolesContext);
  const value = holes?.[name];
  if (value === undefined) throw new Error(`no hole ${name} in the enclosing reusable part`);
  return value;
}

/**
 * `<tag className>` with `children`, or on the server, once rendered for the same `inputs`, the same
 * element with the markup its children rendered then. `inputs` must name everything the children's
 * markup depends on besides the bundle's texts.
 */
export function ReusableMarkup(props: {
  part: ReusablePart; label?: string; inputs: readonly (string | number | boolean | null | undefined)[];
  /** Values the children read with usePartHole, which the inputs need not name. */
  holes?: Readonly<Record<string, string>>;
  children: ReactNode;
}) {
  const store = use(ReusedMarkupContext);
  const { tag: Tag, className } = props.part;
  const holes = props.holes ?? NO_HOLES;
  if (!store) return <PartHolesContext value={holes}><Tag className={className} aria-label={props.label}>{props.children}</Tag></PartHolesContext>;
  const key = `${Tag}.${className} ${JSON.stringify([props.label, ...props.inputs])}`;
  const markup = store.markupOf(key);
  if (markup !== undefined) return <Tag className={className} aria-label={props.label} dangerouslySetInnerHTML={{ __html: withHolesFilled(markup, holes) }} />;
  store.rendered(key, props.part);
  const marks = Object.fromEntries(Object.entries(holes).map(([name, value]) => [name, store.holeMark(name, value)]));
  return <PartHolesContext value={marks}><Tag className={className} aria-label={props.label}>{props.children}</Tag></PartHolesContext>;
}

/**
 * `<tag className data-testid>` with `children` whose markup depends only on `inputs` (and the bundle's
 * texts), for an element a page may hold several times (a product's refund schedule): on the server,
 * once rendered for the same inputs, the same element with that markup. The children should be a
 * component's element, so that what they compute is skipped too. Its markup is not taken from the page,
 * which may hold it more than once, but made apart after the page, by rendering the element alone.
 */
export function KeptMarkup(props: { tag: 'ul'; className: string; testId?: string; inputs: readonly (string | number | boolean | null | undefined)[]; children: ReactNode }) {
  const store = use(ReusedMarkupContext);
  const { tag: Tag, className, testId } = props;
  if (!store) return <Tag className={className} data-testid={testId}>{props.children}</Tag>;
  const key = `apart ${Tag}.${className} ${JSON.stringify([testId, ...props.inputs])}`;
  const markup = store.markupOf(key);
  if (markup !== undefined) return <Tag className={className} data-testid={testId} dangerouslySetInnerHTML={{ __html: markup }} />;
  const element = <Tag className={className} data-testid={testId}>{props.children}</Tag>;
  store.renderedApart(key, element);
  return element;
}

/** The markup inside an element rendered alone (its start tag ends at the first `>`: attribute values are escaped). */
function innerMarkup(html: string, tag: string): string | undefined {
  const content = html.indexOf('>') + 1;
  const end = html.lastIndexOf(`</${tag}>`);
  return content > 0 && end >= content && html.startsWith(`<${tag}`) && end + tag.length + 3 === html.length ? html.slice(content, end) : undefined;
}

/**
 * The parts' markup of one process (at most `limit`, all forgotten past it: the inputs are few — the
 * locales, the support number, the menus' sections — but the header's and the ☰ menu's name one per signed-in user shown),
 * and for each render a store that notes the parts it renders as components.
 */
export function createReusedMarkup(limit = 64): {
  /** `renderApart`: renders a kept element alone with the page's contexts (KeptMarkup); without it, none is kept. */
  forRender(renderApart?: (element: ReactElement) => string): ReusedMarkupStore & { keepRenderedParts(html: string): string };
  size(): number;
} {
  const markup = new Map<string, string>();
  const keep = (key: string, inner: string) => {
    if (markup.size >= limit) markup.clear();
    markup.set(key, inner);
  };
  return {
    forRender(renderApart) {
      const rendered: { key: string; part: ReusablePart }[] = [];
      const apart = new Map<string, ReactElement>();
      const holes: Record<string, string> = {};
      return {
        markupOf: (key) => markup.get(key),
        rendered: (key, part) => { rendered.push({ key, part }); },
        renderedApart: (key, element) => { if (renderApart) apart.set(key, element); },
        holeMark(name, value) {
          holes[name] = value;
          return markOf(name);
        },
        /**
         * Keeps the markup of the parts this render rendered as components, from its page, and answers
         * the page with their holes filled. A part's start tag must be in the page once (a vendor's own
         * text could hold a look-alike: then nothing is kept), and it holds no element of its own tag,
         * so its markup ends at the next end tag.
         */
        keepRenderedParts(html) {
          for (const { key, part } of rendered) {
            // Its attributes' values are escaped (no `>`): the start tag ends at the first `>`.
            const start = `<${part.tag} class="${part.className}"`;
            const at = html.indexOf(start);
            if (at < 0 || html.indexOf(start, at + 1) >= 0) continue;
            const content = html.indexOf('>', at) + 1;
            const end = html.indexOf(`</${part.tag}>`, content);
            if (content === 0 || end < 0) continue;
            const inner = html.slice(content, end);
            if (inner.includes(`<${part.tag}`)) continue;
            keep(key, inner);
          }
          for (const [key, element] of apart) {
            let alone: string;
            try {
              alone = renderApart!(element);
            } catch {
              // Alone it lacks something the page gave it (a context): it stays rendered as components.
              continue;
            }
            const inner = innerMarkup(alone, typeof element.type === 'string' ? element.type : '');
            if (inner !== undefined) keep(key, inner);
          }
          return withHolesFilled(html, holes);
        },
      };
    },
    size: () => markup.size,
  };
}
