import { TOKEN_STORAGE_KEY, type ErrorBody } from '@loci/domain';
import { currentLanguage } from '../i18n';

/** Where every call of the console goes. */
export const API_BASE = '/api';

/** The server answered with a status outside 2xx. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly body: (ErrorBody & Record<string, unknown>) | undefined;

  constructor(status: number, statusText: string, body: ApiError['body']) {
    super(body?.message || statusText || `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
  }
}

/** The call never got an answer: network down, server not running, request aborted. */
export class NoResponseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoResponseError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The headers every call of the console sends: the interface language as Accept-Language (the server's
 * messages answer in it, docs/api.md) and the stored token.
 */
export function apiHeaders(): Record<string, string> {
  const token = readToken();
  return { 'Accept-Language': currentLanguage(), ...(token ? { Authorization: `Bearer ${token}` } : {}) };
}

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_STORAGE_KEY);
}

let handleUnauthorized: (() => void) | undefined;

/** The auth layer registers here to hear about a 401 on a call that carried a token. */
export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  handleUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/** Calls the Loci API with the stored token and returns the parsed JSON answer. */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = readToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...apiHeaders() };
  // A FormData body (an upload) is sent as multipart, with the boundary the browser chooses.
  const multipart = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    throw new NoResponseError(error instanceof Error ? error.message : String(error));
  }

  const body = await readBody(response);
  if (!response.ok) {
    if (response.status === 401 && token) handleUnauthorized?.();
    const errorBody = body && typeof body === 'object' ? (body as ApiError['body']) : undefined;
    throw new ApiError(response.status, response.statusText, errorBody);
  }
  return body as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiFetch<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'POST', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'PATCH', body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string) => apiFetch<T>(path, { method: 'DELETE' }),
};
