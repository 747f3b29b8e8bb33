import { describe, expect, it } from 'vitest';
import { registerAndSignIn } from './client/accounts.ts';
import { startTestCommandApi } from './testing/test-command-api.ts';
import { useStarted } from './testing/use-started.ts';

// GET /api/user/current answered in process (the storefront's user check before a signed-in page):
// the same status and JSON as over HTTP, for a valid token, a refused one and none; other GETs are
// left to HTTP.
describe('the command API read in process', () => {
  const app = useStarted(startTestCommandApi);
  const headersOf = (token?: string) => ({ 'accept-language': 'en-US', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) });
  const overHttp = async (path: string, token?: string) => {
    const answer = await app.api.get(path, token);
    return { status: answer.status, body: answer.body as unknown };
  };
  const inProcess = async (path: string, token?: string) => {
    const answer = await app.read({ url: path, headers: headersOf(token) });
    if (!answer) throw new Error(`${path} was not answered in process`);
    return { status: answer.status, body: JSON.parse(answer.body) as unknown, tags: answer.tags };
  };

  it('answers the signed-in user as over HTTP, and refuses a bad token or none with the same 401', async () => {
    const dana = await registerAndSignIn(app.api, app.mailer, { email: 'dana@example.com', locale: 'en-US', phone: '+972501234567' });
    const here = await inProcess('/api/user/current', dana.token);
    expect(here).toEqual({ ...(await overHttp('/api/user/current', dana.token)), tags: null });
    expect(here.body).toMatchObject({ uuid: dana.userId, email: 'dana@example.com', phone: '+972501234567' });
    for (const token of ['not-a-jwt', undefined]) {
      const refused = await inProcess('/api/user/current', token);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual((await overHttp('/api/user/current', token)).body);
    }
  });

  it('matches the path as Express does (case, a trailing slash) and leaves other GETs to HTTP', async () => {
    const dana = await registerAndSignIn(app.api, app.mailer, { email: 'dana2@example.com' });
    expect((await inProcess('/API/User/Current/', dana.token)).status).toBe(200);
    expect(app.read({ url: '/api/security-challenge?action=sign-in', headers: headersOf() })).toBeNull();
    expect(app.read({ url: '/api/no-such-read', headers: headersOf() })).toBeNull();
  });
});
