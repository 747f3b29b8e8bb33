import type { Mail } from '../../domain/ports/mail-sender.ts';

// The shape both account mails share (activation, password reset): a greeting, one sentence, the
// link as a button and as text, and a line for whoever did not ask; Hebrew right to left.
export interface LinkMailTexts {
  subject: string;
  greeting: (fullName: string) => string;
  body: string;
  action: string;
  ignore: string;
}

export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** `<publicUrl>[/en]<path>?token=…`: the page of the mail's language. */
export function tokenLink(publicUrl: string, locale: string, path: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${locale === 'en-US' ? '/en' : ''}${path}?token=${encodeURIComponent(token)}`;
}

export function linkMail(t: LinkMailTexts, to: string, fullName: string, link: string, rtl: boolean): Mail {
  const text = [t.greeting(fullName), '', t.body, link, '', t.ignore, ''].join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="${rtl ? 'he' : 'en'}" dir="${rtl ? 'rtl' : 'ltr'}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(t.subject)}</title></head>`,
    `<body style="font-family: Arial, sans-serif; text-align: ${rtl ? 'right' : 'left'};">`,
    `<p>${escapeHtml(t.greeting(fullName))}</p>`,
    `<p>${escapeHtml(t.body)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>`,
    `<p dir="ltr" style="word-break: break-all;">${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(t.ignore)}</p>`,
    '</body>',
    '</html>',
  ].join('\n');
  return { to, subject: t.subject, text, html };
}
