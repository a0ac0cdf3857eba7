import { snapThumbWidth, THUMB_DEFAULT_WIDTH, type Media, type MediaUpdate } from '@loci/domain';
import { API_BASE, ApiError, NoResponseError, api, apiHeaders } from './client';

/** A file the server did not keep, and why. */
export interface RejectedUpload {
  file: string;
  status: number;
  message: string;
}

/** The answer to an upload: what was saved and what was turned down. */
export interface UploadResult {
  saved: Media[];
  rejected: RejectedUpload[];
}

function mediasPath(gameId: string): string {
  return `/design/${encodeURIComponent(gameId)}/medias`;
}

/** The thumbnail URL of a medium (spec 3 §7): width 100 and square unless told otherwise. */
export function mediaThumbUrl(
  gameId: string,
  mediaId: string,
  options: { width?: number; square?: boolean } = {},
): string {
  // The server makes a few widths only: asking for one of them keeps one URL (and cached file) per thumbnail.
  const width = snapThumbWidth(options.width ?? THUMB_DEFAULT_WIDTH);
  const square = options.square ?? true;
  return `${API_BASE}${mediasPath(gameId)}/thumb/${encodeURIComponent(mediaId)}?width=${width}&square=${square ? 1 : 0}`;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

function isUploadResult(body: unknown): body is UploadResult {
  return (
    typeof body === 'object' &&
    body !== null &&
    Array.isArray((body as UploadResult).saved) &&
    Array.isArray((body as UploadResult).rejected)
  );
}

/**
 * Uploads files as multipart field 'files'. XMLHttpRequest (not fetch) because
 * only it reports upload progress; `onProgress` gets 0–100. A 413/415 that
 * carries the usual `{saved, rejected}` body is an answer (nothing was saved).
 */
function upload(gameId: string, files: File[], onProgress?: (percent: number) => void): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const data = new FormData();
    for (const file of files) data.append('files', file, file.name);
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}${mediasPath(gameId)}`);
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(apiHeaders())) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const body = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300 && isUploadResult(body)) {
        onProgress?.(100);
        resolve(body);
      } else if ((request.status === 413 || request.status === 415) && isUploadResult(body)) {
        resolve(body);
      } else {
        const errorBody = body && typeof body === 'object' ? (body as ApiError['body']) : undefined;
        reject(new ApiError(request.status, request.statusText, errorBody));
      }
    };
    request.onerror = () => reject(new NoResponseError('Network error during upload'));
    request.onabort = () => reject(new NoResponseError('Upload aborted'));
    request.send(data);
  });
}

/** The media library calls of spec 3 §7. */
export const mediaApi = {
  list: (gameId: string, signal?: AbortSignal) => api.get<Media[]>(mediasPath(gameId), signal),
  update: (gameId: string, mediaId: string, values: MediaUpdate) =>
    api.patch<Media>(`${mediasPath(gameId)}/${encodeURIComponent(mediaId)}`, values),
  delete: (gameId: string, mediaId: string) =>
    api.delete<{ success: boolean }>(`${mediasPath(gameId)}/${encodeURIComponent(mediaId)}`),
  upload,
};

/** TanStack Query keys of the media library. */
export const mediaQueryKeys = {
  list: (gameId: string) => ['media', gameId] as const,
};

/** Where the original file of a medium is served (its storage path). */
export function mediaOriginalUrl(media: Pick<Media, 'storagepath'>): string {
  const path = media.storagepath;
  return /^(https?:)?\//.test(path) ? path : `/${path}`;
}
