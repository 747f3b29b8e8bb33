import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

// Which client a request speaks for. Throttles count it, so it must not be whatever a caller writes in
// X-Forwarded-For: Express's `req.ip` believes that header only from the proxies TRUST_PROXY names
// (none by default). The storefront's own server pass calls the API on the visitor's behalf (a form
// posted without JavaScript) from this machine: it vouches for the visitor's address with a header
// signed by the server secret, valid for a minute, which the API believes from anyone who can sign it.
export const CLIENT_ADDRESS_HEADER = 'x-client-address';
const VALID_FOR_SECONDS = 60;

const signatureOf = (secret: string, address: string, issuedAt: number) =>
  createHmac('sha256', secret).update(`client-address\n${address}\n${issuedAt}`).digest('base64url');

/** The header value vouching that a call is made for the client at `address`. */
export function vouchForClientAddress(secret: string, address: string, now = Date.now()): string {
  const issuedAt = Math.floor(now / 1000);
  return `${address} ${issuedAt} ${signatureOf(secret, address, issuedAt)}`;
}

/** The vouched address of a header value, or null when it is missing, forged or stale. */
export function vouchedClientAddress(secret: string, header: string | string[] | undefined, now = Date.now()): string | null {
  if (typeof header !== 'string' || header.length > 300) return null;
  const [address, issued, signature, extra] = header.split(' ');
  if (!address || !issued || !signature || extra !== undefined || !/^\d{1,12}$/.test(issued)) return null;
  const issuedAt = Number(issued);
  if (Math.abs(now / 1000 - issuedAt) > VALID_FOR_SECONDS) return null;
  const expected = Buffer.from(signatureOf(secret, address, issuedAt));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? address : null;
}

/** The address a request counts against: one the storefront vouched for, else Express's `req.ip`. */
export function clientAddressOf(request: IncomingMessage & { ip?: string }, secret: string): string | undefined {
  return vouchedClientAddress(secret, request.headers[CLIENT_ADDRESS_HEADER]) ?? request.ip ?? request.socket.remoteAddress;
}
