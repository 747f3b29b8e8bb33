import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executablePath, LAUNCH_ARGS } from '../test/browser-kit.ts';
import { sanitizeRichText } from './rich-text.ts';

// The bundle's sanitizer (rich-text.browser.ts, the browser's parser) against the server's (sanitize-html):
// the same policy, so the same HTML out for the same rich text, and nothing live out of hostile input.
const samples = [
  '<h2>Hi</h2><p style="color:red" onclick="x()"><strong>bold</strong> <a href="https://a.example" onmouseover="y()">a</a></p>',
  '<p>Safe text</p><script>alert(1)</script><iframe src="https://evil"></iframe><a href="javascript:alert(2)">j</a><img src=x onerror=alert(3)>',
  '<ul><li>one</li><li><em>two</em></li></ul><blockquote>quote</blockquote><hr><a href="mailto:a@b.example">mail</a> <a href="/he/help">help</a>',
  '<div><section>kept text</section></div><p>שלום <span>עולם</span></p>',
  '<a href="JaVa&#x09;ScRiPt:alert(4)">x</a><a href="data:text/html,<script>alert(5)</script>">y</a><style>p{}</style>text',
];
// Foreign content the browser parses as SVG and MathML: its elements are not HTML's, so only their text is kept
// (sanitize-html, which knows no namespaces, keeps the <a> without its href).
const foreign = '<svg><a href="javascript:alert(6)">svg</a></svg><math><mi>m</mi></math><p>after</p>';

let browser: Browser | undefined;
let page: Page;

describe.skipIf(!executablePath)(`rich text sanitized in the browser (${executablePath ? 'Chromium found' : 'skipped: no Chromium'})`, () => {
  beforeAll(async () => {
    const bundled = await build({
      entryPoints: [new URL('./rich-text.browser.ts', import.meta.url).pathname], bundle: true, write: false,
      format: 'iife', globalName: 'richText', platform: 'browser', logLevel: 'silent',
    });
    browser = await chromium.launch({ executablePath: executablePath!, args: LAUNCH_ARGS });
    page = await browser.newPage();
    await page.setContent('<!DOCTYPE html><html><body></body></html>');
    await page.addScriptTag({ content: bundled.outputFiles[0]!.text });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  const inBrowser = (html: string) => page.evaluate((text) => (globalThis as unknown as { richText: { sanitizeRichText(html: string): string } }).richText.sanitizeRichText(text), html);

  /** HTML as the browser writes it out (`<hr>` for sanitize-html's `<hr />`): the same tree, the same text. */
  const serializedByBrowser = (html: string) => page.evaluate((text) => {
    const template = document.createElement('template');
    template.innerHTML = text;
    return template.innerHTML;
  }, html);

  it('gives the HTML the server gives', async () => {
    for (const sample of samples) expect(await inBrowser(sample), sample).toBe(await serializedByBrowser(sanitizeRichText(sample)));
  });

  it('leaves no script, handler, frame, style or javascript:/data: link', async () => {
    expect(await inBrowser(foreign)).toBe('svgm<p>after</p>');
    for (const sample of samples) {
      const html = await inBrowser(sample);
      expect(html, sample).not.toMatch(/<script|<iframe|<img|<style|<svg|onclick|onerror|onmouseover|javascript:|data:/i);
    }
    expect(await inBrowser('<a href="https://a.example" target="_blank">a</a>')).toBe('<a href="https://a.example" target="_blank" rel="noopener noreferrer nofollow">a</a>');
  });
});
