import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createReusedMarkup, KeptMarkup, ReusableMarkup, ReusedMarkupContext, usePartHole, type ReusedMarkupStore } from './reused-markup.tsx';

const FOOTER = { tag: 'footer', className: 'site-footer' } as const;

/** A page with a reusable footer whose content counts its renders and shows `text`. */
function page(store: ReusedMarkupStore | null, inputs: string[], text: string, counter: { renders: number }, before = '') {
  function Content() {
    counter.renders++;
    return <nav><a href="/about">{text}</a> <span>{inputs.join(',')}</span></nav>;
  }
  return renderToString(
    <ReusedMarkupContext value={store}>
      <div className="app">
        <main dangerouslySetInnerHTML={{ __html: before }} />
        <ReusableMarkup part={FOOTER} inputs={inputs}><Content /></ReusableMarkup>
      </div>
    </ReusedMarkupContext>,
  );
}

/** One server render: the page, and the parts it rendered kept for the next. */
function serverRender(markup: ReturnType<typeof createReusedMarkup>, inputs: string[], text: string, counter: { renders: number }, before = '') {
  const store = markup.forRender();
  const html = page(store, inputs, text, counter, before);
  store.keepRenderedParts(html);
  return html;
}

describe('ReusableMarkup', () => {
  it('renders its children where no store is given (the browser, the SSR baseline)', () => {
    const counter = { renders: 0 };
    const html = page(null, ['he'], 'About', counter);
    expect(html).toContain('<footer class="site-footer"><nav><a href="/about">About</a> <span>he</span></nav></footer>');
    expect(counter.renders).toBe(1);
  });

  it('renders the part once per inputs on the server, then writes the same bytes from its markup', () => {
    const markup = createReusedMarkup();
    const counter = { renders: 0 };
    const first = serverRender(markup, ['he', '+972500000000'], 'About', counter);
    expect(counter.renders).toBe(1);
    expect(markup.size()).toBe(1);
    // The content would now render otherwise: the page shows the markup kept, not a new render.
    const second = serverRender(markup, ['he', '+972500000000'], 'changed', counter);
    expect(counter.renders).toBe(1);
    expect(second).toBe(first);
    expect(second).toBe(page(null, ['he', '+972500000000'], 'About', { renders: 0 }));
    // Other inputs are another part: rendered as components again.
    const english = serverRender(markup, ['en', '+972500000000'], 'About', counter);
    expect(counter.renders).toBe(2);
    expect(english).toContain('<span>en,+972500000000</span>');
    expect(markup.size()).toBe(2);
  });

  it('keeps nothing when the page holds a look-alike of the part (a vendor text), nor from a render that failed', () => {
    const markup = createReusedMarkup();
    const counter = { renders: 0 };
    serverRender(markup, ['he'], 'About', counter, '<footer class="site-footer">not ours</footer>');
    expect(markup.size()).toBe(0);
    const store = markup.forRender();
    expect(() => renderToString(
      <ReusedMarkupContext value={store}>
        <ReusableMarkup part={FOOTER} inputs={['he']}><Failing /></ReusableMarkup>
      </ReusedMarkupContext>,
    )).toThrow('failed');
    const html = serverRender(markup, ['he'], 'About', counter);
    expect(counter.renders).toBe(2);
    expect(html).toContain('<a href="/about">About</a>');
    expect(markup.size()).toBe(1);
  });
});

function Failing(): never {
  throw new Error('failed');
}

describe('ReusableMarkup with a label', () => {
  it('keeps the markup of a labelled element and writes the same bytes from it', () => {
    const NAV = { tag: 'nav', className: 'main-nav hide-mobile' } as const;
    const markup = createReusedMarkup();
    let renders = 0;
    const Links = () => { renders++; return <a href="/en/search">Search &amp; find</a>; };
    const render = () => {
      const store = markup.forRender();
      const html = renderToString(<ReusedMarkupContext value={store}><ReusableMarkup part={NAV} label={'Main "menu" <1>'} inputs={['en', '/en/artists']}><Links /></ReusableMarkup></ReusedMarkupContext>);
      store.keepRenderedParts(html);
      return html;
    };
    const first = render();
    expect(first).toBe('<nav class="main-nav hide-mobile" aria-label="Main &quot;menu&quot; &lt;1&gt;"><a href="/en/search">Search &amp; find</a></nav>');
    expect(render()).toBe(first);
    expect(renders).toBe(1);
  });
});

describe('ReusableMarkup with holes', () => {
  const HEADER = { tag: 'header', className: 'site-header' } as const;
  function Links() {
    const back = usePartHole('back');
    return <><a href={usePartHole('language')}>English</a><a href={`/login?back=${back}`}>{back}</a></>;
  }
  const part = (store: ReusedMarkupStore | null, holes: Record<string, string>) => (
    <ReusedMarkupContext value={store}>
      <ReusableMarkup part={HEADER} inputs={['he']} holes={holes}><Links /></ReusableMarkup>
    </ReusedMarkupContext>
  );

  it('writes each page its own holes, escaped as React escapes them, into the markup kept', () => {
    const markup = createReusedMarkup();
    const render = (holes: Record<string, string>) => {
      const store = markup.forRender();
      return store.keepRenderedParts(renderToString(part(store, holes)));
    };
    const pages = [
      { language: '/en/artists', back: '%2Fartists' },
      { language: `/en/search?q=a"b'c&d<e>`, back: `%2Fsearch%3Fq%3D'x'` },
      { language: '/en', back: '' },
    ];
    for (const holes of pages) {
      const html = render(holes);
      // The same bytes as the components render with the values themselves (the browser, the SSR baseline).
      expect(html).toBe(renderToString(part(null, holes)));
      expect(html).not.toContain('hole');
    }
    expect(markup.size()).toBe(1);
    expect(render(pages[1]!)).toContain(`href="/en/search?q=a&quot;b&#x27;c&amp;d&lt;e&gt;"`);
  });

  it('is a hole of the enclosing part only', () => {
    const Stray = () => <a href={usePartHole('language')}>x</a>;
    expect(() => renderToString(<ReusableMarkup part={HEADER} inputs={[]} holes={{ back: '/' }}><Stray /></ReusableMarkup>)).toThrow('no hole language');
  });
});

describe('KeptMarkup', () => {
  /** A page listing the same schedule twice and another once; each list's items count their renders. */
  function schedulesPage(store: ReusedMarkupStore | null, text: string, counter: { renders: number }) {
    function Items(props: { days: number[] }) {
      counter.renders++;
      return <>{props.days.map((day) => <li key={day}>{text} {day} &amp; &lt;more&gt;</li>)}</>;
    }
    const list = (days: number[]) => <KeptMarkup tag="ul" className="refund-schedule" testId="refund-schedule" inputs={['he', ...days]}><Items days={days} /></KeptMarkup>;
    return renderToString(
      <ReusedMarkupContext value={store}>
        <div>{list([30, 14])}<p>between</p>{list([30, 14])}{list([7])}</div>
      </ReusedMarkupContext>,
    );
  }

  it('renders an element once per inputs apart on the server, then writes the same bytes from its markup, wherever the page holds it', () => {
    const markup = createReusedMarkup();
    const counter = { renders: 0 };
    const renderApart = (element: ReactElement) => renderToString(element);
    const expected = schedulesPage(null, 'At least', { renders: 0 });
    expect(expected).toContain('<ul class="refund-schedule" data-testid="refund-schedule"><li>At least<!-- --> <!-- -->30<!-- --> &amp; &lt;more&gt;</li>');
    const store = markup.forRender(renderApart);
    const first = schedulesPage(store, 'At least', counter);
    store.keepRenderedParts(first);
    // Three lists in the page, two made apart (one per inputs).
    expect(counter.renders).toBe(5);
    expect(first).toBe(expected);
    expect(markup.size()).toBe(2);
    const second = schedulesPage(markup.forRender(renderApart), 'changed', counter);
    expect(counter.renders).toBe(5);
    expect(second).toBe(expected);
  });

  it('keeps nothing without a way to render apart, nor what fails to render alone', () => {
    const markup = createReusedMarkup();
    const store = markup.forRender();
    store.keepRenderedParts(schedulesPage(store, 'At least', { renders: 0 }));
    expect(markup.size()).toBe(0);
    const failing = markup.forRender(() => { throw new Error('needs the page'); });
    const html = schedulesPage(failing, 'At least', { renders: 0 });
    expect(failing.keepRenderedParts(html)).toBe(html);
    expect(markup.size()).toBe(0);
  });
});
