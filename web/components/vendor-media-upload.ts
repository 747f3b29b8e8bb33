import { ApiError } from '../api/api-error.ts';
import { refreshSession } from '../app/session.ts';
import { postFileWithProgress, type UploadResponse } from '../app/upload-with-progress.ts';
import type { VendorMediaItem } from '../../domain/vendor/media.ts';

// One file of the artist's own media from the browser (issue 22 item 5): the raw bytes by
// XMLHttpRequest to POST /api/vendor/media/upload, whose upload events give the progress bar (fetch
// has none). The file is checked here first with the API's limits, so a too large or wrong file is
// named before anything is sent; the API checks again, by the file's bytes.

export type UploadKind = 'photo' | 'audio' | 'video';
const MB = 1024 * 1024;
/** The API's limits (command-api/routes/vendor-media-routes.ts). */
export const UPLOAD_LIMITS: Record<UploadKind, number> = { photo: 20 * MB, audio: 50 * MB, video: 100 * MB };
export const ACCEPT: Record<UploadKind, string> = {
  photo: 'image/jpeg,image/png,image/webp,image/gif,image/avif',
  audio: 'audio/*,.mp3,.m4a,.aac,.wav,.ogg,.weba',
  video: 'video/mp4,video/quicktime,video/webm,video/ogg,.mp4,.mov,.webm,.ogv',
};

export type UploadProblem = 'tooLarge' | 'badType' | 'empty';

/** Why the API would refuse `file` as this kind, or null. The type the browser names is only a first check. */
export function uploadProblem(kind: UploadKind, file: { size: number; type: string; name: string }): UploadProblem | null {
  if (file.size === 0) return 'empty';
  if (file.size > UPLOAD_LIMITS[kind]) return 'tooLarge';
  const top = kind === 'photo' ? 'image' : kind;
  if (file.type && !file.type.startsWith(`${top}/`) && !(kind === 'audio' && file.type === 'video/webm')) return 'badType';
  return null;
}

export interface UploadAnswer { revision: number; media: VendorMediaItem }

function send(kind: UploadKind, file: File, locale: string, onProgress: (fraction: number) => void): Promise<UploadResponse> {
  return postFileWithProgress(`/api/vendor/media/upload?${new URLSearchParams({ kind, name: file.name })}`, file, {
    contentType: file.type || 'application/octet-stream', locale, onProgress,
  });
}

/** Uploads `file` as `kind`; throws an ApiError with the API's problem (status 0 when the connection dropped). */
export async function uploadVendorMedia(kind: UploadKind, file: File, locale: string, onProgress: (fraction: number) => void): Promise<UploadAnswer> {
  for (let attempt = 0; ; attempt++) {
    const answer = await send(kind, file, locale, onProgress);
    // An access token that expired during a long upload: renew it and send the file once more.
    if (answer.status === 401 && attempt === 0 && (await refreshSession())) continue;
    const body = (answer.body ?? {}) as Record<string, unknown>;
    if (answer.status !== 201) throw new ApiError(answer.status, body);
    return body as unknown as UploadAnswer;
  }
}
