import { fileURLToPath } from 'node:url';
import { exited, forkChild, nextMessage } from '../child-process.ts';
import type { LoadResult, LoadScenario } from './load-scenario.ts';

const loadChild = fileURLToPath(new URL('./autocannon-child.ts', import.meta.url));
interface LoadAnswer { kind: 'load-result'; result: LoadResult }
const isLoadAnswer = (message: unknown): message is LoadAnswer => (message as LoadAnswer | null)?.kind === 'load-result';

/** Runs autocannon in a separate process against `scenario.url` and returns what it measured. */
export async function runLoad(scenario: LoadScenario): Promise<LoadResult> {
  const child = forkChild(loadChild, { jsx: false });
  // Over IPC rather than argv: a list of paths can be larger than one command-line argument may be.
  const answer = nextMessage(child, isLoadAnswer);
  child.send({ kind: 'scenario', scenario });
  const { result } = await answer;
  await exited(child);
  if (result.requests === 0) throw new Error(`the load generator completed no request against ${scenario.url}${scenario.steps[0]!.path}`);
  return result;
}
