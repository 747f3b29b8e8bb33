import { sessionHeaders } from './session.ts';

// A file's raw bytes POSTed from the browser by XMLHttpRequest, whose upload events give a progress
// bar (fetch has none): the media library's upload and the artist's own media. The session goes in its
// HttpOnly cookie, read by the /api bridge (web/session-cookies.ts).

export interface UploadResponse { status: number; body: unknown }

/** Sends `file` to `url`; status 0 when the connection dropped (or the server closed it after refusing the rest of a file). */
export function postFileWithProgress(url: string, file: File, options: { contentType: string; locale: string; onProgress: (fraction: number) => void }): Promise<UploadResponse> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    for (const [name, value] of Object.entries(sessionHeaders())) request.setRequestHeader(name, value);
    request.setRequestHeader('Content-Type', options.contentType);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', options.locale);
    request.upload.onprogress = (event) => { if (event.lengthComputable) options.onProgress(event.loaded / event.total); };
    request.upload.onload = () => options.onProgress(1);
    request.onload = () => {
      let body: unknown = null;
      try { body = JSON.parse(request.responseText); } catch { /* not JSON */ }
      resolve({ status: request.status, body });
    };
    request.onerror = () => resolve({ status: 0, body: null });
    request.onabort = () => resolve({ status: 0, body: null });
    request.send(file);
  });
}
