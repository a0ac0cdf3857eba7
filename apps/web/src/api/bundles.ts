import type { GameWithRights, RelocationOutcome, RelocationRequest, SampleGame } from '@loci/domain';
import { API_BASE, ApiError, NoResponseError, api, apiHeaders } from './client';

async function send(path: string, init: RequestInit): Promise<Response> {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(apiHeaders())) headers.set(name, value);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { ...init, headers, credentials: 'same-origin' });
  } catch (error) {
    throw new NoResponseError(error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as ApiError['body'];
    throw new ApiError(response.status, response.statusText, body);
  }
  return response;
}

/** The file name of a Content-Disposition header, if any. */
function filenameOf(response: Response): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? 'game.loci.zip';
}

/** Bundles and relocation (docs/games.md "Bundles and relocation"). */
export const bundlesApi = {
  /** Downloads the game's bundle through the browser (the call needs the bearer token, so no plain link). */
  download: async (gameId: string): Promise<void> => {
    const response = await send(`/design/games/${encodeURIComponent(gameId)}/bundle`, {
      headers: { Accept: 'application/zip' },
    });
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = filenameOf(response);
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  },
  import: async (file: File, relocate?: RelocationRequest): Promise<GameWithRights> => {
    const form = new FormData();
    if (relocate) {
      form.append('lat', String(relocate.lat));
      form.append('lng', String(relocate.lng));
      form.append('rotation', String(relocate.rotation));
    }
    form.append('bundle', file, file.name);
    const response = await send('/design/games/import', {
      method: 'POST',
      body: form,
      headers: { Accept: 'application/json' },
    });
    return (await response.json()) as GameWithRights;
  },
  relocate: (gameId: string, request: RelocationRequest & { preview: boolean }) =>
    api.post<RelocationOutcome>(`/design/games/${encodeURIComponent(gameId)}/relocate`, request),
  samples: (signal?: AbortSignal) => api.get<SampleGame[]>('/design/samples', signal),
  createFromSample: (name: string, relocate: RelocationRequest) =>
    api.post<GameWithRights>(`/design/samples/${encodeURIComponent(name)}`, { relocate }),
  cloneTo: (gameId: string, relocate: RelocationRequest) =>
    api.post<GameWithRights>(`/design/games/${encodeURIComponent(gameId)}/clone`, { relocate }),
};
