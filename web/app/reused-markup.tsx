import { createContext, use, type ReactNode } from 'react';

// A part of the page whose markup is the same on every page with the same inputs (the footer: its
// language and the support number) is rendered as components once per set of inputs on the server,
// then written as that markup: React renders a footer's six links and texts in ~0.04 ms of a vendor
// page's ~0.9 ms render. Only the server's page render provides the store (web/render-page.tsx): the
// browser renders the part as components, and hydration finds the same DOM, the markup being what the
// components rendered.

/** The markup of the parts rendered so far, by part and inputs, for one process. */
export interface ReusedMarkupStore {
  markupOf(key: string): string | undefined;
  /** This render rendered the part as components: its markup is taken from the page (takeRenderedParts). */
  rendered(key: string, part: ReusablePart): void;
}

export interface ReusablePart { tag: 'footer'; className: string }

export const ReusedMarkupContext = createContext<ReusedMarkupStore | null>(null);

/**
 * `<tag className>` with `children`, or on the server, once rendered for the same `inputs`, the same
 * element with the markup its children rendered then. `inputs` must name everything the children's
 * markup depends on besides the bundle's texts.
 */
export function ReusableMarkup(props: { part: ReusablePart; inputs: readonly (string | number | boolean | null | undefined)[]; children: ReactNode }) {
  const store = use(ReusedMarkupContext);
  const { tag: Tag, className } = props.part;
  if (!store) return <Tag className={className}>{props.children}</Tag>;
  const key = `${Tag}.${className} ${JSON.stringify(props.inputs)}`;
  const markup = store.markupOf(key);
  if (markup !== undefined) return <Tag className={className} dangerouslySetInnerHTML={{ __html: markup }} />;
  store.rendered(key, props.part);
  return <Tag className={className}>{props.children}</Tag>;
}

/**
 * The parts' markup of one process (at most `limit`: the inputs are few, the locales and the configured
 * support number), and for each render a store that notes the parts it renders as components.
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
            const start = `<${part.tag} class="${part.className}">`;
            const at = html.indexOf(start);
            if (at < 0 || html.indexOf(start, at + 1) >= 0) continue;
            const end = html.indexOf(`</${part.tag}>`, at + start.length);
            if (end < 0) continue;
            const inner = html.slice(at + start.length, end);
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
