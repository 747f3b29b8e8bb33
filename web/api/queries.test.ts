import { describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';
import { artistCategories } from './queries.ts';

const problem = (status: number) => new Response(JSON.stringify({ status, title: 'x', detail: 'y' }), { status, headers: { 'content-type': 'application/problem+json' } });
const client = (answer: () => Response) => createApiClient({ baseUrl: 'http://api.test/api', getToken: () => null, getLocale: () => 'he-IL', fetch: async () => answer() });

describe('artist categories', () => {
  it('are none while the artist-categories tag does not exist (404), not an error', async () => {
    expect(await artistCategories(client(() => problem(404)))).toEqual([]);
  });
  it('still fail on other errors', async () => {
    await expect(artistCategories(client(() => problem(500)))).rejects.toMatchObject({ status: 500 });
  });
});
