// What rich text (HTML written by vendors, admins and article authors) may keep: formatting tags and
// http(s)/mailto/tel or relative links, which open with rel="noopener noreferrer nofollow". One policy
// for both sanitizers: sanitize-html on the server (rich-text.ts) and the browser's own parser in the
// bundle (rich-text.browser.ts).
export const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a', 'span', 'hr'];
export const ALLOWED_ATTRIBUTES: Record<string, string[]> = { a: ['href', 'title', 'rel', 'target'] };
export const ALLOWED_SCHEMES = ['http', 'https', 'mailto', 'tel'];
export const LINK_REL = 'noopener noreferrer nofollow';
/** Tags dropped with their content (sanitize-html's nonTextTags and the frames); other disallowed tags keep their text. */
export const DROPPED_WITH_CONTENT = ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title'];
