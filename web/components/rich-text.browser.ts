import { ALLOWED_ATTRIBUTES, ALLOWED_SCHEMES, ALLOWED_TAGS, DROPPED_WITH_CONTENT, LINK_REL } from './rich-text-policy.ts';

// rich-text.ts in the browser bundle (web/client-bundle.ts swaps the module): the same policy applied with
// the browser's HTML parser instead of sanitize-html. The text is parsed into an inert document
// (DOMParser runs no script and loads no image), and only what the policy allows is copied, node by node,
// into a fresh tree: allowed HTML elements with allowed attributes, and text. Nothing of the parsed tree
// is kept as it is, so what the parser made of malformed markup cannot carry anything else through.
const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
const allowedTags = new Set(ALLOWED_TAGS);
const droppedWithContent = new Set(DROPPED_WITH_CONTENT);

/** A link target the policy allows: relative, or one of the allowed schemes (control characters and spaces ignored, as browsers do). */
function allowedUrl(value: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value.replace(/[\u0000-\u0020\u007f-\u009f]/g, ''))?.[1];
  return scheme === undefined || ALLOWED_SCHEMES.includes(scheme.toLowerCase());
}

function copyAllowed(from: Node, to: Element, document: Document): void {
  for (const node of Array.from(from.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      to.append(document.createTextNode(node.textContent ?? ''));
    } else if (node.nodeType === Node.ELEMENT_NODE) {
      const element = node as Element;
      const tag = element.localName;
      if (droppedWithContent.has(tag)) continue;
      if (element.namespaceURI !== HTML_NAMESPACE || !allowedTags.has(tag)) {
        copyAllowed(element, to, document);
        continue;
      }
      const copy = document.createElement(tag);
      for (const name of ALLOWED_ATTRIBUTES[tag] ?? []) {
        const value = element.getAttribute(name);
        if (value !== null && (name !== 'href' || allowedUrl(value))) copy.setAttribute(name, value);
      }
      if (tag === 'a') copy.setAttribute('rel', LINK_REL);
      copyAllowed(element, copy, document);
      to.append(copy);
    }
  }
}

export const sanitizeRichText = (html: string | null | undefined): string => {
  const parsed = new DOMParser().parseFromString(html ?? '', 'text/html');
  const clean = document.implementation.createHTMLDocument('');
  const root = clean.createElement('div');
  copyAllowed(parsed.body, root, clean);
  return root.innerHTML;
};
