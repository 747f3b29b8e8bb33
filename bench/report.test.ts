import { describe, expect, it } from 'vitest';
import { consoleTable, markdownReport, ratioOf, type BenchReport } from './report.ts';

const report: BenchReport = {
  mode: 'quick',
  startedAt: '2026-11-21T22:00:00.000Z',
  finishedAt: '2026-11-21T22:01:00.000Z',
  machine: { node: 'v24.0.0', platform: 'linux x64', cpus: 2, cpuModel: 'Test CPU', totalMemoryMb: 4096 },
  figures: [
    { figure: '1. Append', scale: '10 appends', measures: [{ name: 'single', value: 250, unit: 'events/s', baselineName: 'raw | insert', baseline: 1000, better: 'higher' }] },
    { figure: '3. Projection lag', scale: '', measures: [], skipped: 'failed: boom' },
  ],
};

describe('bench report', () => {
  it('reads the ratio as times the baseline cost', () => {
    expect(ratioOf(report.figures[0]!.measures[0]!)).toBe(4);
  });

  it('labels quick mode and escapes pipes in the markdown table', () => {
    const markdown = markdownReport(report);
    expect(markdown).toContain('QUICK smoke mode');
    expect(markdown).toContain('| 1. Append (10 appends) | single | 250 events/s | 1,000 events/s (raw \\| insert) | 4.0× |');
    expect(markdown).toContain('| 3. Projection lag | — | not run |');
  });

  it('prints one aligned line per measure', () => {
    const lines = consoleTable(report).split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain('4.0×');
  });
});
