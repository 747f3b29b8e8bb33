import { MAX_MEDIA_BYTES, mediaContentType } from '../../../domain/media/media-file.ts';
import { ApiError } from '../../api/api-error.ts';
import type { ApiClient } from '../../api/client.ts';
import { refreshSession } from '../../app/session.ts';
import { postFileWithProgress, type UploadResponse } from '../../app/upload-with-progress.ts';

// One file into the media library from the browser (SPEC §7): a media-manager token first, then the
// raw bytes by XMLHttpRequest, whose upload events give the progress bar (fetch has none). The file
// is checked here before anything is sent, with the same rules the API applies (413, 415).

export type MediaFileProblem = 'tooLarge' | 'badType' | 'empty';

/** Why the library would refuse `file`, or null when it may be sent. */
export function mediaFileProblem(file: { size: number; type: string }): MediaFileProblem | null {
  if (file.size > MAX_MEDIA_BYTES) return 'tooLarge';
  if (!mediaContentType(file.type)) return 'badType';
  if (file.size === 0) return 'empty';
  return null;
}

export interface UploadedMedia {
  id: string;
  url: string;
  fileName: string;
}

interface MediaToken { token: string; uploadUrl: string; mediaId: string }

function send(file: File, grant: MediaToken, locale: string, onProgress: (fraction: number) => void): Promise<UploadResponse> {
  return postFileWithProgress(`${grant.uploadUrl}?${new URLSearchParams({ token: grant.token, name: file.name })}`, file, {
    contentType: mediaContentType(file.type) ?? file.type, locale, onProgress,
  });
}

/** Uploads `file`; throws an ApiError with the API's problem (status 0 when the connection dropped). */
export async function uploadMediaFile(api: ApiClient, file: File, locale: string, onProgress: (fraction: number) => void): Promise<UploadedMedia> {
  for (let attempt = 0; ; attempt++) {
    const grant = await api.post<MediaToken>('media-manager/token', undefined, { silent: true });
    const answer = await send(file, grant, locale, onProgress);
    // An access token that expired during a long upload: renew it and send the file once more.
    if (answer.status === 401 && attempt === 0 && (await refreshSession())) continue;
    const body = (answer.body ?? {}) as Record<string, unknown>;
    if (answer.status !== 201) throw new ApiError(answer.status, body);
    return { id: String(body.id), url: String(body.url), fileName: String(body.fileName) };
  }
}
