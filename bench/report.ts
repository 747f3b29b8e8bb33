import { costRatio } from './percentiles.ts';
import type { FigureResult, Measure } from './figure-result.ts';

// The table of results: printed to the console, and written as markdown for the README.

export interface BenchReport {
  mode: 'full' | 'quick';
  startedAt: string;
  finishedAt: string;
  machine: { node: string; platform: string; cpus: number; cpuModel: string; totalMemoryMb: number };
  figures: FigureResult[];
}

const formatNumber = (value: number): string => {
  if (!Number.isFinite(value)) return 'n/a';
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
};

export const ratioOf = (measure: Measure): number => costRatio(measure.value, measure.baseline, measure.better);

/** "×4.0 cost" style: how many times the baseline's cost the project pays. */
const formatRatio = (measure: Measure): string => {
  const ratio = ratioOf(measure);
  return Number.isFinite(ratio) ? `${ratio.toFixed(ratio >= 10 ? 0 : 1)}×` : 'n/a';
};

interface Row { figure: string; measure: string; value: string; baseline: string; ratio: string; note: string }

function rowsOf(report: BenchReport): Row[] {
  const rows: Row[] = [];
  for (const figure of report.figures) {
    if (figure.skipped) {
      rows.push({ figure: figure.figure, measure: '—', value: 'not run', baseline: '', ratio: '', note: figure.skipped });
      continue;
    }
    figure.measures.forEach((measure, index) => {
      rows.push({
        figure: index === 0 ? `${figure.figure} (${figure.scale})` : '',
        measure: measure.name,
        value: `${formatNumber(measure.value)} ${measure.unit}`,
        baseline: `${formatNumber(measure.baseline)} ${measure.unit} (${measure.baselineName})`,
        ratio: formatRatio(measure),
        note: measure.note ?? '',
      });
    });
  }
  return rows;
}

const header: Row = { figure: 'Figure', measure: 'Measure', value: 'Value', baseline: 'Baseline', ratio: 'Cost vs baseline', note: 'Note' };
const columns = ['figure', 'measure', 'value', 'baseline', 'ratio', 'note'] as const;

export function consoleTable(report: BenchReport): string {
  const rows = [header, ...rowsOf(report)];
  const widths = columns.map((column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row: Row) => columns.map((column, index) => row[column].padEnd(widths[index]!)).join(' | ').trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('-|-');
  return [line(header), rule, ...rows.slice(1).map(line)].join('\n');
}

const escapeCell = (text: string) => text.replaceAll('|', '\\|');

export function markdownReport(report: BenchReport): string {
  const { machine } = report;
  const lines = [
    `# Benchmark results (${report.mode === 'quick' ? 'QUICK smoke mode: scaled down, not representative' : 'full run'})`,
    '',
    `Run ${report.startedAt} → ${report.finishedAt} on ${machine.cpus} × ${machine.cpuModel}, ${machine.totalMemoryMb} MB RAM, ` +
      `Node ${machine.node} (${machine.platform}). Embedded mode: node:sqlite event store and view store (figure 6 names the view store it rebuilds into), in-memory cache.`,
    '',
    '"Cost vs baseline" is how many times the baseline\'s cost the project pays: baseline ÷ value for rates, value ÷ baseline ' +
      'for latencies and sizes. Both numbers of a row come from the same run. How each figure is measured: [docs/benchmarks.md](../../docs/benchmarks.md).',
    '',
    `| ${columns.map((column) => header[column]).join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...rowsOf(report).map((row) => `| ${columns.map((column) => escapeCell(row[column])).join(' | ')} |`),
    '',
  ];
  return lines.join('\n');
}
