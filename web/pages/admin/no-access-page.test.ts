import { describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { withNoAccessPage } from './no-access-page.ts';

const args = { request: new Request('http://x/admin/product'), params: {}, context: {} } as unknown as LoaderFunctionArgs;
const refused = (status: number) => new ApiError(status, { title: 'Refused', code: 'acl.forbidden' });

async function thrownBy(loader: () => unknown): Promise<unknown> {
  const [route] = withNoAccessPage([{ path: 'admin/product', loader }]);
  try {
    await (route!.loader as (a: LoaderFunctionArgs) => unknown)(args);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('a back office read the rules refuse', () => {
  it('shows the no-access page with status 403, not the 500 error page', async () => {
    const error = await thrownBy(() => { throw refused(403); });
    // react-router's data() thrown from a loader: a route error response with its status.
    expect(error).toMatchObject({ type: 'DataWithResponseInit', init: { status: 403 } });
  });
  it('lets other failures and answers through as they are', async () => {
    expect(await thrownBy(() => { throw refused(500); })).toBeInstanceOf(ApiError);
    const [route] = withNoAccessPage([{ path: 'x', loader: () => ({ ok: true }) }]);
    expect(await (route!.loader as (a: LoaderFunctionArgs) => unknown)(args)).toEqual({ ok: true });
  });
});
