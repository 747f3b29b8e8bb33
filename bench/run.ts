import { cpus, totalmem } from 'node:os';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runFigureProcess } from './figure-process.ts';
import { consoleTable, markdownReport, type BenchReport } from './report.ts';
import type { FigureResult } from './figure-result.ts';

// `npm run bench` (full) and `npm run bench -- --quick` (CI smoke mode: every figure, scaled down).
// Each figure script runs in a fresh process; servers and the load generator in processes of their
// own. Prints the table and writes bench/results/latest.json and latest.md (quick mode writes
// latest-quick.json and latest-quick.md, so a smoke run never replaces the committed full results).
const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    /** Only these figure scripts, e.g. --only append,http */
    only: { type: 'string' },
  },
});
const mode = values.quick ? 'quick' : 'full';
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// One scratch folder per run: several engineers may run the bench in the same checkout at once, and
// a run must never remove another's data directories.
const scratch = here(`./.scratch/run-${process.pid}/`);

interface FigureScript { name: string; script: string; figures: string[]; execArgv?: string[] }
const scripts: FigureScript[] = [
  { name: 'append', script: here('./figures/append.ts'), figures: ['1. Append', '9. Concurrent appends'] },
  { name: 'http', script: here('./figures/http.ts'), figures: ['2. Command round trip', '4. Query API: vendor search', '5. SSR'] },
  { name: 'lag', script: here('./figures/projection-lag.ts'), figures: ['3. Projection lag'] },
  { name: 'search', script: here('./figures/search-scale.ts'), figures: ['10. Vendor search at scale'] },
  { name: 'replay', script: here('./figures/replay-memory.ts'), figures: ['6. Replay', '7. Memory', '11. Start with the events in the store'], execArgv: ['--expose-gc'] },
  { name: 'export', script: here('./figures/replay-export.ts'), figures: ['8. Replay export'] },
  { name: 'tenmillion', script: here('./figures/ten-million.ts'), figures: ['12. Ten million events'], execArgv: ['--expose-gc'] },
  { name: 'multiprocess', script: here('./figures/multiprocess.ts'), figures: ['13. Multi-process: order round trips', '13. Multi-process: projection lag'] },
];
const chosen = values.only ? scripts.filter((script) => values.only!.split(',').includes(script.name)) : scripts;
if (chosen.length === 0) throw new Error(`--only names none of: ${scripts.map((script) => script.name).join(', ')}`);

const startedAt = new Date().toISOString();
rmSync(scratch, { recursive: true, force: true });
mkdirSync(scratch, { recursive: true });
const figures: FigureResult[] = [];
let failed = 0;
for (const { name, script, figures: names, execArgv } of chosen) {
  const began = performance.now();
  process.stderr.write(`[bench] ${name} (${mode})…\n`);
  try {
    // Production mode everywhere: React picks its build from NODE_ENV at import, in the figure process
    // (the SSR baseline renders there) as in the server children, which inherit it.
    figures.push(...(await runFigureProcess(script, { env: { BENCH_MODE: mode, BENCH_SCRATCH: scratch, NODE_ENV: 'production' }, execArgv })));
  } catch (error) {
    failed += 1;
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
    for (const figure of names) figures.push({ figure, scale: '', measures: [], skipped: `failed: ${reason}` });
  }
  process.stderr.write(`[bench] ${name} done in ${((performance.now() - began) / 1000).toFixed(0)} s\n`);
}
rmSync(scratch, { recursive: true, force: true });
figures.sort((a, b) => Number.parseInt(a.figure, 10) - Number.parseInt(b.figure, 10));

const report: BenchReport = {
  mode,
  startedAt,
  finishedAt: new Date().toISOString(),
  machine: { node: process.version, platform: `${process.platform} ${process.arch}`, cpus: cpus().length, cpuModel: cpus()[0]?.model.trim() ?? 'unknown', totalMemoryMb: Math.round(totalmem() / 1024 / 1024) },
  figures,
};
console.log(consoleTable(report));
const results = here('./results/');
mkdirSync(results, { recursive: true });
const base = mode === 'quick' ? 'latest-quick' : 'latest';
writeFileSync(join(results, `${base}.json`), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(join(results, `${base}.md`), markdownReport(report));
console.log(`\nWritten: bench/results/${base}.json, bench/results/${base}.md (${mode} mode)`);
if (failed > 0) process.exitCode = 1;
