import autocannon, { type AutocannonRequest } from 'autocannon';
import { performance } from 'node:perf_hooks';
import { summarize } from '../percentiles.ts';
import type { LoadResult, LoadScenario, LoadStep } from './load-scenario.ts';
import { monotonicMs } from './cross-process-clock.ts';

// The load generator: autocannon in a process of its own, driven by a LoadScenario (sent over IPC by
// run-load.ts, or argv[2] as JSON when run by hand), answering its LoadResult over IPC (or stdout).

const scenario: LoadScenario = process.argv[2]
  ? (JSON.parse(process.argv[2]) as LoadScenario)
  : await new Promise((resolve) => process.once('message', (message: { kind: 'scenario'; scenario: LoadScenario }) => resolve(message.scenario)));
let counter = 0;
let pathCounter = 0;
let cacheHits = 0;
let cacheMisses = 0;
let failedSequences = 0;
const sequenceMs: number[] = [];
const multiStep = scenario.steps.length > 1;

/** `{id}`: the first answer's id; `{n}`: a counter; `{n%M}`: the counter modulo M. */
const fill = (text: string, context: Record<string, unknown>) =>
  text.replaceAll('{id}', String(context.id ?? '')).replace(/\{n(?:%(\d+))?\}/g, (_match, modulo?: string) => String(modulo ? counter++ % Number(modulo) : counter++));

function requestOf(step: LoadStep, index: number): AutocannonRequest {
  const headers: Record<string, string> = { accept: 'application/json', ...step.headers };
  if (step.token) headers.authorization = `Bearer ${step.token}`;
  if (step.body !== undefined) headers['content-type'] = 'application/json';
  const body = step.body === undefined ? undefined : JSON.stringify(step.body);
  const last = index === scenario.steps.length - 1;
  return {
    method: step.method,
    headers,
    ...(body !== undefined ? { body } : {}),
    setupRequest(request, context) {
      if (context.failed) return null; // restart the sequence from its first step
      if (index === 0) context.startedAt = performance.now();
      const path = step.paths?.length ? step.paths[pathCounter++ % step.paths.length]! : fill(step.path, context);
      return { ...request, path, ...(body !== undefined ? { body: fill(body, context) } : {}) };
    },
    onResponse(status, responseBody, context, responseHeaders) {
      const cache = Object.entries(responseHeaders ?? {}).find(([name]) => name.toLowerCase() === 'x-cache')?.[1];
      if (cache === 'hit') cacheHits += 1;
      else if (cache === 'miss') cacheMisses += 1;
      if (!multiStep) return;
      if (status < 200 || status >= 300) {
        failedSequences += 1;
        context.failed = true;
        return;
      }
      if (index === 0) {
        try {
          context.id = (JSON.parse(responseBody) as { id?: unknown }).id;
        } catch {
          context.failed = true;
        }
      }
      if (last) sequenceMs.push(performance.now() - (context.startedAt as number));
    },
  };
}

const result = await autocannon({
  url: scenario.url,
  connections: scenario.connections,
  duration: scenario.durationSeconds,
  ...(scenario.overallRate !== undefined ? { overallRate: scenario.overallRate } : {}),
  timeout: 30,
  requests: scenario.steps.map(requestOf),
});
const endedAt = monotonicMs();

const sequences = summarize(sequenceMs);
const answer: LoadResult = {
  requestsPerSecond: result.requests.average,
  latencyP50: result.latency.p50,
  latencyP99: result.latency.p99,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  durationSeconds: result.duration,
  endedAt,
  cacheHits,
  cacheMisses,
  ...(multiStep ? { sequences: { completed: sequences.count, failed: failedSequences, perSecond: sequences.count / result.duration, p50: sequences.p50, p99: sequences.p99 } } : {}),
};
if (process.send) process.send({ kind: 'load-result', result: answer }, () => process.exit(0));
else console.log(JSON.stringify(answer, null, 2));
