import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../domain/ports/event-store.ts';
import { CSV_COLUMNS, csvField, csvHeader, csvLine, ndjsonLine } from './export-formats.ts';
import { parseCsv } from './testing/csv-parse.ts';

const event: RecordedEvent = {
  id: 'e-1', streamId: 'order-1', type: 'OrderPlaced', revision: 0, position: 42, recordedAt: '2026-01-02T03:04:05.000Z',
  data: { orderId: '1', notes: 'Wedding, 200 guests\n"Hora" first\r\nשמח', total: { amountMinor: 150000, currency: 'ILS' } },
  metadata: { actor: { userId: 'u-1', roles: ['user', 'vendor'], groups: [], vendorId: null }, correlationId: 'c, 1', causationId: null, at: '2026-01-02T03:04:04.000Z', schemaVersion: 1 },
};

describe('export formats', () => {
  it('quotes a CSV field only when it must, doubling its quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField(12)).toBe('12');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField('שלום')).toBe('שלום');
  });

  it('writes a CSV row per event that reads back to the same envelope and JSON', () => {
    const rows = parseCsv(csvHeader() + csvLine(event) + csvLine({ ...event, position: 43, data: null }));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(3);
    const row = Object.fromEntries(CSV_COLUMNS.map((column, index) => [column, rows[1]![index]]));
    expect(row).toMatchObject({
      position: '42', recordedAt: event.recordedAt, at: '2026-01-02T03:04:04.000Z', streamId: 'order-1', revision: '0', eventId: 'e-1',
      type: 'OrderPlaced', actorUserId: 'u-1', actorRoles: 'user vendor', correlationId: 'c, 1', causationId: '',
    });
    expect(JSON.parse(row.data!)).toEqual(event.data);
    expect(JSON.parse(row.metadata!)).toEqual(event.metadata);
    expect(rows[2]![CSV_COLUMNS.indexOf('data')]).toBe('null');
    expect(csvLine(event).endsWith('\r\n')).toBe(true);
  });

  it('writes NDJSON as one line per event holding every field', () => {
    const line = ndjsonLine(event);
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({ position: 42, recordedAt: event.recordedAt, streamId: 'order-1', revision: 0, id: 'e-1', type: 'OrderPlaced', data: event.data, metadata: event.metadata });
  });
});
