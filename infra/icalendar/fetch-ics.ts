import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// Reading a vendor's iCalendar address (docs/calendar-sync.md "Reading an address"): only http(s), at most
// `maxBytes`, within `timeoutMs` in all (redirects included, at most 3), and — unless `allowPrivateAddresses`
// (tests, a local preview; never in production, infra/config.ts CALENDAR_IMPORT_ALLOW_PRIVATE) — never
// to a loopback, private, link-local or otherwise internal address. The check is made on the address the
// connection is opened to (the socket's DNS lookup), so a name that resolves differently the second time
// (DNS rebinding) cannot slip past it; every redirect's target is checked the same way.

export interface IcsFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  allowPrivateAddresses?: boolean;
}

export const ICS_FETCH_DEFAULTS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 } as const;

/** Why an address could not be read, in words a vendor can act on (kept as the source's problem). */
export type IcsFetchProblem = 'invalid-url' | 'private-address' | 'timeout' | 'too-large' | 'http-status' | 'network' | 'too-many-redirects';
export class IcsFetchError extends Error {
  readonly code: IcsFetchProblem;
  constructor(code: IcsFetchProblem, message: string) {
    super(message);
    this.code = code;
  }
}

const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) internal.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['2001:db8::', 32]] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is loopback, private, link-local, reserved or otherwise not on the public internet. */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return internal.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 4) return internal.check(address, 'ipv4');
  if (family === 6) return internal.check(address, 'ipv6');
  return true;
}

/** The address as an http(s) URL (webcal:// is https://), or an IcsFetchError. */
export function icsUrlOf(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim().replace(/^webcals?:\/\//i, 'https://'));
  } catch {
    throw new IcsFetchError('invalid-url', 'This is not a web address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new IcsFetchError('invalid-url', 'Only http:// and https:// addresses can be read.');
  if (url.username || url.password) throw new IcsFetchError('invalid-url', 'An address with a user name or password cannot be read.');
  return url;
}

function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) { callback(error, '', 4); return; }
      const list = addresses as unknown as LookupAddress[];
      const refused = allowPrivate ? undefined : list.find((entry) => isInternalAddress(entry.address));
      if (refused) {
        callback(new IcsFetchError('private-address', `The address points to an internal network (${refused.address}); only public calendars can be read.`), '', 4);
        return;
      }
      if (options.all) callback(null, list as never);
      else callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** The body of an iCalendar address as text (UTF-8). */
export async function fetchIcs(address: string, options: IcsFetchOptions = {}): Promise<string> {
  const timeoutMs = options.timeoutMs ?? ICS_FETCH_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? ICS_FETCH_DEFAULTS.maxBytes;
  const allowPrivate = options.allowPrivateAddresses ?? false;
  const deadline = AbortSignal.timeout(timeoutMs);
  let url = icsUrlOf(address);
  for (let redirects = 0; ; redirects++) {
    if (!allowPrivate && isIP(url.hostname.replace(/^\[|\]$/g, '')) && isInternalAddress(url.hostname.replace(/^\[|\]$/g, ''))) {
      throw new IcsFetchError('private-address', 'The address points to an internal network; only public calendars can be read.');
    }
    const answer = await get(url, { deadline, maxBytes, lookup: guardedLookup(allowPrivate), timeoutMs });
    if (answer.location) {
      if (redirects >= 3) throw new IcsFetchError('too-many-redirects', 'The address redirects too many times.');
      url = icsUrlOf(new URL(answer.location, url).toString());
      continue;
    }
    return answer.body!;
  }
}

function get(url: URL, options: { deadline: AbortSignal; maxBytes: number; lookup: LookupFunction; timeoutMs: number }): Promise<{ location?: string; body?: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(url, {
      signal: options.deadline, lookup: options.lookup,
      headers: { accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1', 'accept-encoding': 'identity', 'user-agent': 'HaBama-calendar-import/1.0' },
    }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        resolve({ location: response.headers.location });
        return;
      }
      if (status !== 200) {
        response.resume();
        reject(new IcsFetchError('http-status', `The calendar's server answered ${status}${status === 404 || status === 410 ? ': the address no longer exists' : ''}.`));
        return;
      }
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > options.maxBytes) {
        response.destroy();
        reject(new IcsFetchError('too-large', `The calendar is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB.`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          response.destroy();
          reject(new IcsFetchError('too-large', `The calendar is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB.`));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', (error) => reject(networkError(error, options)));
    });
    request.on('error', (error) => reject(networkError(error, options)));
  });
}

function networkError(error: unknown, options: { deadline: AbortSignal; timeoutMs: number }): Error {
  if (error instanceof IcsFetchError) return error;
  if (options.deadline.aborted) return new IcsFetchError('timeout', `The calendar's server did not answer within ${options.timeoutMs / 1000} seconds.`);
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof IcsFetchError) return cause;
  return new IcsFetchError('network', `The calendar could not be read: ${error instanceof Error ? error.message : String(error)}.`);
}
