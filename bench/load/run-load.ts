import { fileURLToPath } from 'node:url';
import { exited, forkChild, nextMessage } from '../child-process.ts';
import type { LoadResult, LoadScenario } from './load-scenario.ts';

const loadChild = fileURLToPath(new URL('./autocannon-child.ts', import.meta.url));
interface LoadAnswer { kind: 'load-result'; result: LoadResult }
const isLoadAnswer = (message: unknown): message is LoadAnswer => (message as LoadAnswer | null)?.kind === 'load-result';

/** Runs autocannon in a separate process against `scenario.url` and returns what it measured. */
export async function runLoad(scenario: LoadScenario): Promise<LoadResult> {
  const child = forkChild(loadChild, { args: [JSON.stringify(scenario)], jsx: false });
  const { result } = await nextMessage(child, isLoadAnswer);
  await exited(child);
  if (result.requests === 0) throw new Error(`the load generator completed no request against ${scenario.url}${scenario.steps[0]!.path}`);
  return result;
}
