import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useMarketplaceOn } from '../command-api/testing/marketplace.ts';
import { SANDBOX_CARDS } from '../infra/payment/sandbox-payment-gateway.ts';
import { startFullStack } from './full-stack.ts';
import { startCalendarImports } from '../process-managers/calendar-import.ts';
import { busyTimesOfIcs } from '../infra/icalendar/ics-busy-times.ts';
import { fetchIcs, IcsFetchError } from '../infra/icalendar/fetch-ics.ts';

// Calendar sync over the whole embedded stack (docs/calendar-sync.md): the private feed (its token opens
// it, a revoked one does not, it holds the confirmed orders and the vendor's own busy windows), an .ics
// upload becoming busy windows, and an imported address read again by the worker's schedule against a
// calendar server on 127.0.0.1 (allowed in tests: test/full-stack.ts; refused by default).
const fixture = (name: string) => readFileSync(new URL(`../infra/icalendar/fixtures/${name}`, import.meta.url), 'utf8');
const details = { eventType: 'wedding', date: '2031-03-05T17:30:00.000Z', city: 'Haifa', address: 'HaNassi 5', guests: 150, contactPhone: '+972521234567' };

/** A calendar server whose answer the test changes. */
function calendarServer(): { server: Server; url: () => string; serve: (text: string) => void; reads: () => number } {
  let body = '';
  let reads = 0;
  const server = createServer((req, res) => {
    reads++;
    if (req.url === '/huge.ics') { res.writeHead(200, { 'content-type': 'text/calendar' }); res.end('X'.repeat(64 * 1024)); return; }
    res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
    res.end(body);
  });
  server.listen(0, '127.0.0.1');
  return { server, url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/basic.ics`, serve: (text) => { body = text; }, reads: () => reads };
}

/** An iCalendar UTC DATE-TIME `days` days from now at `hour`:00. */
function ahead(days: number, hour: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}
const iso = (ics: string) => `${ics.slice(0, 4)}-${ics.slice(4, 6)}-${ics.slice(6, 8)}T${ics.slice(9, 11)}:${ics.slice(11, 13)}:00.000Z`;

/** An .ics of one timed event per [uid, start, end]. */
function ics(events: Array<[string, string, string]>): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Google Inc//Google Calendar 70.9054//EN', 'X-WR-CALNAME:Work',
    ...events.flatMap(([uid, start, end]) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20261101T000000Z', `DTSTART:${start}`, `DTEND:${end}`, `SUMMARY:${uid}`, 'END:VEVENT']),
    'END:VCALENDAR', ''].join('\r\n');
}

describe('calendar sync on the full stack', () => {
  const { app, m } = useMarketplaceOn(startFullStack);
  const calendar = calendarServer();
  afterAll(() => new Promise<void>((resolve) => calendar.server.close(() => resolve())));

  type SyncAnswer = { feedPath: string | null; sources: Array<{ sourceId: string; name: string; kind: string; windows: number; problem: string | null }> };
  const syncOf = async (token: string): Promise<SyncAnswer> => {
    const answer = await app.api.get('/api/vendor/calendar-sync', token);
    if (answer.status !== 200) console.log('SYNC', answer.status, JSON.stringify(answer.body));
    return answer.body as SyncAnswer;
  };
  const importedWindows = async (vendorId: string, token: string) => {
    const answer = await app.api.get(`/api/vendor/${vendorId}/calendar?from=${new Date().toISOString()}&to=${new Date(Date.now() + 390 * 86_400_000).toISOString()}`, token);
    return (answer.body.items as Array<{ windowId: string; start: string; end: string; source: string | null; reason: string | null }>).filter((entry) => entry.source);
  };
  const feedText = async (path: string) => {
    const response = await fetch(`${app.api.baseUrl}${path}`);
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };

  it("the feed: the vendor's token opens it as text/calendar with its confirmed orders and busy windows; a new token revokes the old one", async () => {
    const { vendor, customer } = m;
    // A paid order with the event's details, one new (unpaid) order, and a busy window.
    const paid = (await app.api.post('/api/orders', { productId: m.products.default, eventDetails: details }, customer.token)).body.id;
    expect((await app.api.post(`/api/orders/${paid}/pay`, { cardNumber: SANDBOX_CARDS.accepted }, customer.token)).status).toBe(200);
    const unpaid = (await app.api.post('/api/orders', { productId: m.products.default, eventDetails: { ...details, date: '2031-03-06T17:30:00.000Z' } }, customer.token)).body.id;
    const window = (await app.api.post('/api/vendor/busy-windows', { start: '2031-03-07T10:00:00Z', end: '2031-03-07T12:00:00Z', reason: 'Studio' }, vendor.token)).body.id;
    expect((await syncOf(vendor.token)).feedPath).toBeNull();

    const issued = await app.api.post('/api/vendor/calendar-sync/feed', {}, vendor.token);
    expect(issued.status).toBe(201);
    expect(issued.body.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await vi.waitFor(async () => expect((await syncOf(vendor.token)).feedPath).toBe(issued.body.feedPath), { timeout: 5000 });
    await vi.waitFor(async () => expect((await feedText(issued.body.feedPath)).text).toContain(`UID:order-${paid}@`), { timeout: 5000 });
    const feed = await feedText(issued.body.feedPath);
    expect(feed.status).toBe(200);
    expect(feed.type).toMatch(/^text\/calendar/);
    expect(feed.text).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Jerusalem');
    expect(feed.text).toMatch(/DTSTAMP:\d{8}T\d{6}Z/);
    // 17:30 UTC on 5 March 2031 is 19:30 in Israel (winter time); two hours by default.
    expect(feed.text).toContain('DTSTART;TZID=Asia/Jerusalem:20310305T193000');
    expect(feed.text).toContain('LOCATION:HaNassi 5\\, Haifa');
    expect(feed.text).toContain(`UID:busy-${window}@`);
    expect(feed.text).not.toContain(unpaid);
    // The same events from one read to the next: the UIDs are stable.
    const uids = (text: string) => text.match(/^UID:.*$/gm)!.sort();
    expect(uids((await feedText(issued.body.feedPath)).text)).toEqual(uids(feed.text));

    // Another vendor cannot issue this vendor's token; a new one revokes the old link.
    expect((await app.api.post('/api/vendor/calendar-sync/feed', { vendorId: vendor.vendorId }, m.otherVendor.token)).status).toBe(403);
    const renewed = await app.api.post('/api/vendor/calendar-sync/feed', {}, vendor.token);
    expect(renewed.body.feedPath).not.toBe(issued.body.feedPath);
    await vi.waitFor(async () => expect((await feedText(issued.body.feedPath)).status).toBe(404), { timeout: 5000 });
    expect((await feedText(renewed.body.feedPath)).status).toBe(200);
    expect((await feedText('/api/calendar-feed/not-a-token-at-all-000000000.ics')).status).toBe(404);
  });

  it('an uploaded .ics becomes busy windows marked with their source; the same file again replaces them, recording nothing when unchanged', async () => {
    const { vendor } = m;
    const google = fixture('google-calendar.ics');
    const first = await app.api.post('/api/vendor/calendar-sync/import', { fileName: 'google.ics', ics: google }, vendor.token);
    expect(first.status).toBe(201);
    const expected = busyTimesOfIcs(google, { from: new Date(), to: new Date(Date.now() + 366 * 86_400_000) }).busy.length;
    await vi.waitFor(async () => expect(await importedWindows(vendor.vendorId, vendor.token)).toHaveLength(expected), { timeout: 5000 });
    const again = await app.api.post('/api/vendor/calendar-sync/import', { fileName: 'google.ics', ics: google }, vendor.token);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.revision).toBe(first.body.revision);
    // The file changed: one event left, the rest of its windows are freed.
    const only = ahead(30, 10);
    await app.api.post('/api/vendor/calendar-sync/import', { fileName: 'google.ics', ics: ics([['only', only, ahead(30, 11)]]) }, vendor.token);
    await vi.waitFor(async () => expect((await importedWindows(vendor.vendorId, vendor.token)).map((w) => [w.start, w.reason])).toEqual([[iso(only), 'only']]), { timeout: 5000 });
    const refused = await app.api.post('/api/vendor/calendar-sync/import', { fileName: 'notes.ics', ics: 'not a calendar' }, vendor.token);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].field).toBe('ics');
    // Removing the source frees its windows.
    expect((await app.api.delete(`/api/vendor/calendar-sync/sources/${first.body.id}`, vendor.token)).status).toBe(200);
    await vi.waitFor(async () => expect(await importedWindows(vendor.vendorId, vendor.token)).toEqual([]), { timeout: 5000 });
  });

  describe('an imported address, read again on a schedule', () => {
    let sweeps: ReturnType<typeof startCalendarImports>;
    beforeAll(() => {
      // The worker's job, without its timer getting in the way: sweep() is called by the test.
      sweeps = startCalendarImports({ eventStore: app.eventStore, viewStore: app.viewStore, intervalMs: 3_600_000, fetch: { allowPrivateAddresses: true } });
    });
    afterAll(() => sweeps.stop());

    it('is read when added, then each sweep replaces its windows: the same feed records nothing, a removed event frees its time, a failure is shown and keeps them', async () => {
      const vendor = m.otherVendor;
      const gig1: [string, string, string] = ['gig-1', ahead(40, 17), ahead(40, 20)];
      const gig2: [string, string, string] = ['gig-2', ahead(41, 17), ahead(41, 20)];
      calendar.serve(ics([gig1, gig2]));
      const added = await app.api.post('/api/vendor/calendar-sync/sources', { url: calendar.url() }, vendor.token);
      expect(added.status).toBe(201);
      await vi.waitFor(async () => expect((await importedWindows(vendor.vendorId, vendor.token)).map((w) => w.reason)).toEqual(['gig-1', 'gig-2']), { timeout: 5000 });
      await vi.waitFor(async () => expect((await syncOf(vendor.token)).sources).toEqual([expect.objectContaining({ kind: 'url', name: 'Work', windows: 2, problem: null })]), { timeout: 5000 });

      const head = await app.eventStore.headPosition();
      const readsBefore = calendar.reads();
      expect(await sweeps.sweep()).toBe(0);
      expect(calendar.reads()).toBeGreaterThan(readsBefore);
      expect(await app.eventStore.headPosition()).toBe(head);

      calendar.serve(ics([gig2]));
      expect(await sweeps.sweep()).toBe(1);
      await vi.waitFor(async () => expect((await importedWindows(vendor.vendorId, vendor.token)).map((w) => w.reason)).toEqual(['gig-2']), { timeout: 5000 });

      calendar.serve('<html>Moved</html>');
      expect(await sweeps.sweep()).toBe(1);
      await vi.waitFor(async () => expect((await syncOf(vendor.token)).sources[0]!.problem).toMatch(/Not an iCalendar/), { timeout: 5000 });
      expect(await sweeps.sweep()).toBe(0);
      expect((await importedWindows(vendor.vendorId, vendor.token)).map((w) => w.reason)).toEqual(['gig-2']);
    });

    it('refuses an address that is not http(s) or cannot be read', async () => {
      const refused = await app.api.post('/api/vendor/calendar-sync/sources', { url: 'file:///etc/passwd' }, m.vendor.token);
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0].field).toBe('url');
    });
  });
});

describe('reading an address: only public http(s), bounded', () => {
  const calendar = calendarServer();
  afterAll(() => new Promise<void>((resolve) => calendar.server.close(() => resolve())));

  it('refuses loopback and private addresses unless allowed, by name as well as by number', async () => {
    calendar.serve(ics([]));
    for (const url of [calendar.url(), calendar.url().replace('127.0.0.1', 'localhost'), 'http://10.1.2.3/x.ics', 'http://[::1]/x.ics', 'http://169.254.169.254/latest/meta-data']) {
      await expect(fetchIcs(url, { timeoutMs: 2000 })).rejects.toMatchObject({ code: 'private-address' });
    }
    await expect(fetchIcs(calendar.url(), { allowPrivateAddresses: true })).resolves.toContain('BEGIN:VCALENDAR');
    await expect(fetchIcs('webcal://127.0.0.1:1/x.ics', {})).rejects.toBeInstanceOf(IcsFetchError);
    await expect(fetchIcs('ftp://example.com/x.ics', {})).rejects.toMatchObject({ code: 'invalid-url' });
  });

  it('stops at the size limit', async () => {
    await expect(fetchIcs(calendar.url().replace('basic.ics', 'huge.ics'), { allowPrivateAddresses: true, maxBytes: 16 * 1024 })).rejects.toMatchObject({ code: 'too-large' });
  });
});
