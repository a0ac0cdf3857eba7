import type {
  GalleryResponse,
  GameValues,
  GameWithRights,
  GamesListFilter,
  GamesListResponse,
  GamesPageSize,
} from '@loci/domain';
import { api } from './client';

/** What the games list asks for; `q` is sent only when the caller decided it is long enough. */
export interface GamesListParams {
  filter: GamesListFilter;
  q: string;
  page: number;
  pageSize: GamesPageSize;
}

function listSearch({ q, page, pageSize, ...rest }: GalleryParams & { filter?: GamesListFilter }): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (rest.filter) params.set('filter', rest.filter);
  if (q) params.set('q', q);
  return params.toString();
}

/** What the gallery asks for: the games list's search and paging, without filter tabs. */
export type GalleryParams = Omit<GamesListParams, 'filter'>;

/** The games calls of spec 1 §7 (design API). */
export const gamesApi = {
  list: (params: GamesListParams, signal?: AbortSignal) =>
    api.get<GamesListResponse>(`/design/games?${listSearch(params)}`, signal),
  get: (id: string, signal?: AbortSignal) => api.get<GameWithRights>(`/design/games/${encodeURIComponent(id)}`, signal),
  create: (values: GameValues) => api.post<GameWithRights>('/design/games', values),
  update: (id: string, values: GameValues) =>
    api.patch<GameWithRights>(`/design/games/${encodeURIComponent(id)}`, values),
  delete: (id: string) => api.delete<{ success: boolean }>(`/design/games/${encodeURIComponent(id)}`),
  clone: (id: string) => api.post<GameWithRights>(`/design/games/${encodeURIComponent(id)}/clone`),
  unpublish: (id: string) => api.post<GameWithRights>(`/design/games/${encodeURIComponent(id)}/unpublish`),
  archive: (id: string) => api.post<GameWithRights>(`/design/games/${encodeURIComponent(id)}/archive`),
  gallery: (params: GalleryParams, signal?: AbortSignal) =>
    api.get<GalleryResponse>(`/design/gallery?${listSearch(params)}`, signal),
};

/** TanStack Query keys of the games area. */
export const gameQueryKeys = {
  all: ['games'] as const,
  lists: ['games', 'list'] as const,
  list: (params: GamesListParams) => ['games', 'list', params] as const,
  detail: (id: string) => ['games', 'detail', id] as const,
  // Under 'games', so that a clone or a settings change refreshes the gallery too.
  gallery: (params: GalleryParams) => ['games', 'gallery', params] as const,
};
