import jwt from 'jsonwebtoken';

// The media-manager token of SPEC §7: a short-lived permission to upload one file. It names the media
// id the upload will get (so it is good for one upload: a media id is never used twice) and the
// admin it was given to (the upload must come from them). Signed with the API's own secret; a
// different `typ` from the access and refresh tokens, so it can never pass for one of them.
const TYP = 'media-upload';
const ISSUER = 'artists-marketplace';
export const MEDIA_TOKEN_TTL_SECONDS = 15 * 60;

export interface MediaUploadGrant {
  mediaId: string;
  userId: string;
}

export function issueMediaUploadToken(secret: string, grant: MediaUploadGrant, now: Date): { token: string; expiresAt: string } {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const token = jwt.sign({ typ: TYP, mid: grant.mediaId, iat: issuedAt, exp: issuedAt + MEDIA_TOKEN_TTL_SECONDS }, secret, {
    algorithm: 'HS256', issuer: ISSUER, subject: grant.userId,
  });
  return { token, expiresAt: new Date((issuedAt + MEDIA_TOKEN_TTL_SECONDS) * 1000).toISOString() };
}

/** The grant of a valid, unexpired upload token, or null. */
export function verifyMediaUploadToken(secret: string, token: string, now: Date): MediaUploadGrant | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'], issuer: ISSUER, clockTimestamp: Math.floor(now.getTime() / 1000) });
    if (typeof payload === 'string' || payload.typ !== TYP || typeof payload.sub !== 'string' || typeof payload.mid !== 'string') return null;
    return { mediaId: payload.mid, userId: payload.sub };
  } catch {
    return null;
  }
}
