import { HttpProblem } from './problem.ts';

// Query strings are text too: Node's parser turns a percent-escape that is not UTF-8 (`%FF`, or a
// lone surrogate's `%ED%A0%80`) into U+FFFD and carries on, so `?text=%FF` would quietly search for
// a replacement character. Such a query is refused with 400, as a body that is not UTF-8 is.

/** Throws 400 `bad-request` when a name or value of the URL's query is not percent-encoded UTF-8. */
export function assertQueryIsUtf8(url: string): void {
  const mark = url.indexOf('?');
  // Only a percent-escape can be malformed (decodeURIComponent throws for nothing else): a query
  // without one, as most are, is not split and decoded at all, nor a part without one.
  if (mark < 0 || url.indexOf('%', mark + 1) < 0) return;
  for (const part of url.slice(mark + 1).split('&')) {
    if (!part.includes('%')) continue;
    try {
      decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      throw new HttpProblem(400, 'Bad request', { code: 'bad-request', detail: 'The query string is not valid percent-encoded UTF-8.' });
    }
  }
}
