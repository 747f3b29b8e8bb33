import sanitizeHtml from 'sanitize-html';

// Rich text from vendors, products and articles is HTML written by people: it is sanitized with
// sanitize-html (maintained, runs on the server and in the browser bundle) before it reaches
// dangerouslySetInnerHTML. Only formatting tags and http(s)/mailto links survive; scripts, styles,
// event handlers and iframes do not.
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a', 'span', 'hr'],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
  },
};

export const sanitizeRichText = (html: string | null | undefined): string => sanitizeHtml(html ?? '', options);
