import { data } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import type { Locale } from '../api/view-models.ts';
import { localeOfPath } from './locale-path.ts';

// Loader conventions: a 404 from the API shows the 404 page (SPEC §8); other API failures keep
// their status for the error page.
export async function orNotFound<T>(loading: Promise<T>): Promise<T> {
  try {
    return await loading;
  } catch (error) {
    if (isApiError(error) && error.status >= 400 && error.status < 500) throw data(null, { status: error.status === 400 || error.status === 422 ? 404 : error.status });
    throw error;
  }
}

export const notFound = (): never => { throw data(null, { status: 404 }); };

export const localeOfRequest = (request: Request): Locale => localeOfPath(new URL(request.url).pathname);

export const pageNumberOf = (url: URL): number => {
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  return Number.isFinite(page) && page >= 1 && page <= 1000 ? page : 1;
};
