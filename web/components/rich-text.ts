import sanitizeHtml from 'sanitize-html';
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

export const sanitizeRichText = (html: string | null | undefined): string => sanitizeHtml(html ?? '', options);
