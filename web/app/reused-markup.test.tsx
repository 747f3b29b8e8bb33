import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createReusedMarkup, ReusableMarkup, ReusedMarkupContext, type ReusedMarkupStore } from './reused-markup.tsx';

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
