import { describe, expect, it } from 'vitest';
import { startingPageHtml } from './starting-page.ts';

describe('the page served while the process starts', () => {
  it('says in both languages what is being prepared and how far, right to left in Hebrew, and reloads itself', () => {
    const html = startingPageHtml({ step: 'views', percent: 45.7 });
    expect(html).toMatch(/<html lang="he" dir="rtl">/);
    expect(html).toContain('<section lang="he" dir="rtl"><h1>האתר עולה</h1><p>מכינים את נתוני האתר: 45%</p>');
    expect(html).toContain('<section lang="en" dir="ltr"><h1>The marketplace is starting</h1><p>Preparing the marketplace’s data: 45%</p>');
    expect(html).toContain('<progress max="100" value="45">45%</progress>');
    expect(html).toContain('<meta http-equiv="refresh" content="3">');
  });

  it('shows a moving bar and no number before there is a measure', () => {
    const html = startingPageHtml({ step: 'storefront', percent: null });
    expect(html).toContain('<p>Preparing the site…</p>');
    expect(html).toContain('<progress></progress>');
    expect(html.slice(html.indexOf('<body>'))).not.toMatch(/\d+%/);
  });
});
