import { createContext, use, type ReactNode } from 'react';

// A part of the page whose markup is the same on every page with the same inputs (the footer: the
// language and the support number; the header's menus: the language, the section and the user's name)
// is rendered as components once per set of inputs on the server, then written as that markup: React
// renders the footer and the menus' ten NavLinks in ~0.18 ms of a vendor page's ~0.9 ms render. Only
// the server's page render provides the store (web/render-page.tsx): the browser renders the parts as
// components, and hydration finds the same DOM, the markup being what the components rendered.

/** The markup of the parts rendered so far, by part and inputs, for one process. */
export interface ReusedMarkupStore {
  markupOf(key: string): string | undefined;
  /** This render rendered the part as components: its markup is taken from the page (keepRenderedParts). */
  rendered(key: string, part: ReusablePart): void;
}

/** The element a part renders: its tag and class, which name it in the page once. */
export interface ReusablePart { tag: 'footer' | 'nav'; className: string }

export const ReusedMarkupContext = createContext<ReusedMarkupStore | null>(null);

/**
 * `<tag className>` with `children`, or on the server, once rendered for the same `inputs`, the same
 * element with the markup its children rendered then. `inputs` must name everything the children's
 * markup depends on besides the bundle's texts.
 */
export function ReusableMarkup(props: { part: ReusablePart; label?: string; inputs: readonly (string | number | boolean | null | undefined)[]; children: ReactNode }) {
  const store = use(ReusedMarkupContext);
  const { tag: Tag, className } = props.part;
  if (!store) return <Tag className={className} aria-label={props.label}>{props.children}</Tag>;
  const key = `${Tag}.${className} ${JSON.stringify([props.label, ...props.inputs])}`;
  const markup = store.markupOf(key);
  if (markup !== undefined) return <Tag className={className} aria-label={props.label} dangerouslySetInnerHTML={{ __html: markup }} />;
  store.rendered(key, props.part);
  return <Tag className={className} aria-label={props.label}>{props.children}</Tag>;
}

/**
 * The parts' markup of one process (at most `limit`, all forgotten past it: the inputs are few — the
 * locales, the support number, the menus' sections — but the ☰ menu's name one per signed-in user shown),
 * and for each render a store that notes the parts it renders as components.
 */
export function createReusedMarkup(limit = 64): { forRender(): ReusedMarkupStore & { keepRenderedParts(html: string): void }; size(): number } {
  const markup = new Map<string, string>();
  return {
    forRender() {
      const rendered: { key: string; part: ReusablePart }[] = [];
      return {
        markupOf: (key) => markup.get(key),
        rendered: (key, part) => { rendered.push({ key, part }); },
        /**
         * Keeps the markup of the parts this render rendered as components, from its page. A part's
         * start tag must be in the page once (a vendor's own text could hold a look-alike: then nothing
         * is kept), and it holds no element of its own tag, so its markup ends at the next end tag.
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
            if (markup.size >= limit) markup.clear();
            markup.set(key, inner);
          }
        },
      };
    },
    size: () => markup.size,
  };
}
