import { describe, expect, it } from 'vitest';
import { useStarted } from '../command-api/testing/use-started.ts';
import { startFullStack } from '../test/full-stack.ts';

// Schemathesis (test/schemathesis.test.ts) checks every success answer against the schema the
// document gives it, which it can only do where there is one: a route added without `response`
// would pass unchecked. This keeps the document complete even where schemathesis is not installed.
describe('the OpenAPI document describes every success answer', () => {
  const stack = useStarted(startFullStack);

  it('gives each operation a JSON schema for its 2xx answer', async () => {
    const document = (await stack.api.get('/api/openapi.json')).body as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>> };
    const missing: string[] = [];
    let operations = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations++;
        const success = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
        if (success.length === 0 || success.some(([, answer]) => !answer.content?.['application/json'])) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(operations).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
