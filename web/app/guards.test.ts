import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { createEnvironment } from './environment.ts';
import { requireUser } from './guards.ts';

// SPEC §6 requireUser in the browser's environment, against a scripted GET /api/user/current: a guest
// goes to login, a reader whose check failed is told to try again, and the next check asks again.
// As the API answers it (contracts/user-profile.ts).
const user = { uuid: 'u1', email: 'a@b.c', fullName: 'A', locale: 'he-IL', isAdmin: false, isOperator: false, roles: ['ROLE_USER'], groups: [] };
const request = new Request('http://localhost/en/user/dashboard/orders?page=2');

function browserEnvironment(answers: Array<() => Promise<Response>>) {
  let calls = 0;
  const fetchImpl = (async () => {
    const answer = answers[Math.min(calls, answers.length - 1)]!;
    calls += 1;
    return answer();
  }) as unknown as typeof fetch;
  const api = createApiClient({ baseUrl: '/api', getToken: () => 't', getLocale: () => 'en-US', fetch: fetchImpl });
  const environment = createEnvironment({ api, isServer: false, locale: 'en', cookies: () => ({}), hasToken: () => true });
  return { environment, calls: () => calls };
}

/** What requireUser threw (a redirect or an error response), as status and location. */
async function refusal(run: Promise<unknown>): Promise<{ status: number; location: string | null }> {
  const thrown = await run.then(() => { throw new Error('requireUser let the reader in'); }, (error: unknown) => error);
  if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('location') };
  // data(null, { status }) thrown: react-router makes it the route's error response.
  const init = (thrown as { init?: ResponseInit }).init;
  if (init?.status) return { status: init.status, location: null };
  throw thrown;
}

const unauthorized = () => Promise.resolve(Response.json({ title: 'Unauthorized' }, { status: 401 }));
const unavailable = () => Promise.resolve(Response.json({ title: 'Unavailable' }, { status: 503 }));
const unreachable = () => Promise.reject(new TypeError('fetch failed'));
const signedIn = () => Promise.resolve(Response.json(user));

describe('requireUser (SPEC §6)', () => {
  it('sends a reader the API does not know to sign in, with the page as the way back', async () => {
    const { environment } = browserEnvironment([unauthorized]);
    expect(await refusal(requireUser(environment, request))).toEqual({ status: 302, location: '/en/user/login?loginRedirect=%2Fen%2Fuser%2Fdashboard%2Forders%3Fpage%3D2' });
    expect(environment.userCheckFailed()).toBe(false);
  });

  it.each([['the API failing', unavailable], ['the API out of reach (or the 5 s passing)', unreachable]])('with %s says to try again, not to sign in', async (_, answer) => {
    const { environment } = browserEnvironment([answer]);
    const refused = await refusal(requireUser(environment, request));
    expect(refused.status).toBe(503);
    expect(environment.userCheckFailed()).toBe(true);
  });

  it('asks again after a failed check, and the reader gets in once the API answers', async () => {
    const { environment, calls } = browserEnvironment([unreachable, signedIn]);
    expect((await refusal(requireUser(environment, request))).status).toBe(503);
    expect(await requireUser(environment, request)).toMatchObject({ uuid: 'u1' });
    expect(environment.userCheckFailed()).toBe(false);
    // Once known, the user is not asked for again.
    await requireUser(environment, request);
    expect(calls()).toBe(2);
  });

  it('takes the server pass\'s failed check as it is', async () => {
    const api = createApiClient({ baseUrl: '/api', getToken: () => 't', getLocale: () => 'en-US', fetch: (() => { throw new Error('not asked'); }) as unknown as typeof fetch });
    const failed = createEnvironment({ api, isServer: true, locale: 'en', cookies: () => ({}), hasToken: () => true, knownUser: null, knownUserCheckFailed: true });
    expect((await refusal(requireUser(failed, request))).status).toBe(503);
    const guest = createEnvironment({ api, isServer: true, locale: 'en', cookies: () => ({}), hasToken: () => true, knownUser: null });
    expect((await refusal(requireUser(guest, request))).status).toBe(302);
  });
});
