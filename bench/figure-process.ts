import { fileURLToPath } from 'node:url';
import { exited, forkChild, nextMessage, tellParent, type ChildOptions } from './child-process.ts';
import type { FigureMessage, FigureResult } from './figure-result.ts';

// Each figure is a script run in a fresh process: the runner forks it, the script measures and
// answers one FigureMessage.

export type BenchMode = 'full' | 'quick';
export const benchMode = (): BenchMode => (process.env.BENCH_MODE === 'full' ? 'full' : 'quick');
/** Where figures keep their scratch files; the runner makes and removes it. */
export const scratchDir = (): string => process.env.BENCH_SCRATCH ?? fileURLToPath(new URL('./.scratch/', import.meta.url));

const isFigureMessage = (message: unknown): message is FigureMessage =>
  ['result', 'error'].includes((message as FigureMessage | null)?.kind as string);

export async function runFigureProcess(script: string, options: ChildOptions = {}): Promise<FigureResult[]> {
  const child = forkChild(script, options);
  const message = await nextMessage(child, isFigureMessage);
  await exited(child);
  if (message.kind === 'error') throw new Error(message.message);
  return message.results;
}

/** In a figure script: measure, answer the runner, exit (so no stray handle keeps the process). */
export async function reportFigure(measure: () => Promise<FigureResult | FigureResult[]>): Promise<void> {
  try {
    const measured = await measure();
    const results = Array.isArray(measured) ? measured : [measured];
    if (!process.send) console.log(JSON.stringify(results, null, 2));
    tellParent({ kind: 'result', results } satisfies FigureMessage);
  } catch (error) {
    console.error(error);
    tellParent({ kind: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies FigureMessage);
  }
  // Let the IPC message flush before leaving.
  setTimeout(() => process.exit(0), 50);
}
