import sanitizeHtml from 'sanitize-html';
import { keptPerText } from './kept-per-text.ts';
import { ALLOWED_ATTRIBUTES, ALLOWED_SCHEMES, ALLOWED_TAGS, LINK_REL } from './rich-text-policy.ts';

// Rich text from vendors, products and articles is HTML written by people: it is sanitized before it
// reaches dangerouslySetInnerHTML. On the server (the page's render, whose sanitized HTML travels to the
// browser in the loader data, so hydration does not sanitize again) with sanitize-html; the browser
// bundle replaces this module with rich-text.browser.ts (web/client-bundle.ts), the same policy on the
// browser's own parser, for pages it renders itself after a client-side navigation (so
// sanitize-html, postcss and htmlparser2, about 145 KB, stay out of the first load).
const options: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: ALLOWED_ATTRIBUTES,
  allowedSchemes: ALLOWED_SCHEMES,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: LINK_REL }),
  },
};

// A vendor's about is sanitized at each render of their page (~10 µs for a sentence, ~30 µs for 1 KB,
// more under load): a page rendered for a signed-in visitor, or twice before the guest page cache keeps
// it. The sanitized HTML is kept per text written, up to ~4 million characters of texts and results.
const sanitized = keptPerText((html) => sanitizeHtml(html, options), 4_000_000);

export const sanitizeRichText = (html: string | null | undefined): string => sanitized(html ?? '');
