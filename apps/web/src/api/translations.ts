import type {
  ImportReport,
  ImportTranslationsBody,
  TranslationFormat,
  TranslationOverview,
  TranslationTable,
} from '@loci/domain';
import { API_BASE, ApiError, NoResponseError, api, apiHeaders } from './client';

const enc = encodeURIComponent;
const base = (gameId: string) => `/design/${enc(gameId)}/translations`;

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(header)?.[1];
  return encoded ? decodeURIComponent(encoded) : fallback;
}

/** A game's texts in its other languages (issue 31; docs/design.md "Translating a game"). */
export const translationsApi = {
  overview: (gameId: string, signal?: AbortSignal) => api.get<TranslationOverview>(base(gameId), signal),
  table: (gameId: string, language: string, signal?: AbortSignal) =>
    api.get<TranslationTable>(`${base(gameId)}/${enc(language)}`, signal),
  save: (gameId: string, language: string, texts: Record<string, string>) =>
    api.patch<TranslationTable>(`${base(gameId)}/${enc(language)}`, { texts }),
  import: (gameId: string, language: string, body: ImportTranslationsBody) =>
    api.post<ImportReport>(`${base(gameId)}/${enc(language)}/import`, body),
  /** Downloads the language as a file through the browser (the call needs the bearer token, so no plain link). */
  download: async (gameId: string, language: string, format: TranslationFormat): Promise<void> => {
    let response: Response;
    try {
      response = await fetch(`${API_BASE}${base(gameId)}/${enc(language)}/export?format=${format}`, {
        headers: apiHeaders(),
        credentials: 'same-origin',
      });
    } catch (error) {
      throw new NoResponseError(error instanceof Error ? error.message : String(error));
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => undefined)) as ApiError['body'];
      throw new ApiError(response.status, response.statusText, body);
    }
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(response, `translation.${format === 'csv' ? 'csv' : 'xlf'}`);
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  },
};

export const translationQueryKeys = {
  table: (gameId: string, language: string) => ['design', gameId, 'translations', language] as const,
};
