// What a browser gets while this process cannot serve the storefront yet: the storefront is still
// being built, or the views are (a first start over a long log builds every view in one unit, which
// takes minutes at millions of events). A page rather than a bare 503: both languages, right to left
// in Hebrew, what is being done and how far, and it reloads itself until the storefront answers.

/** How far the start is: what is being done (null before there is a measure) and the percent done. */
export interface StartingProgress {
  step: 'storefront' | 'views';
  percent: number | null;
}

/** The page reloads itself this often; also its Retry-After. */
export const STARTING_PAGE_RELOAD_SECONDS = 3;

const wording = {
  he: {
    title: 'האתר עולה',
    storefront: 'מכינים את האתר',
    views: 'מכינים את נתוני האתר',
    reload: 'הדף יתרענן מעצמו ברגע שהאתר מוכן.',
  },
  en: {
    title: 'The marketplace is starting',
    storefront: 'Preparing the site',
    views: 'Preparing the marketplace’s data',
    reload: 'This page reloads by itself once the site is ready.',
  },
} as const;

/** The 503 page's HTML: Hebrew first (the site's default), then English. */
export function startingPageHtml(progress: StartingProgress): string {
  const percent = progress.percent === null ? null : Math.max(0, Math.min(100, Math.floor(progress.percent)));
  const part = (lang: 'he' | 'en') => {
    const words = wording[lang];
    const done = percent === null ? '…' : `: ${percent}%`;
    return `<section lang="${lang}" dir="${lang === 'he' ? 'rtl' : 'ltr'}"><h1>${words.title}</h1><p>${words[progress.step]}${done}</p><p>${words.reload}</p></section>`;
  };
  const bar = percent === null ? '<progress></progress>' : `<progress max="100" value="${percent}">${percent}%</progress>`;
  return `<!doctype html>
<html lang="he" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${STARTING_PAGE_RELOAD_SECONDS}">
<meta name="robots" content="noindex">
<title>${wording.he.title} · ${wording.en.title}</title>
<style>
body { margin: 0; font-family: system-ui, sans-serif; color: #1f2430; background: #faf7f2; }
main { max-width: 36rem; margin: 12vh auto; padding: 0 1.25rem; }
h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
section { margin-bottom: 1.5rem; }
p { margin: .25rem 0; line-height: 1.5; }
progress { display: block; width: 100%; height: 1rem; margin: 0 0 2rem; }
</style>
</head>
<body><main>${part('he')}${bar}${part('en')}</main></body>
</html>`;
}

