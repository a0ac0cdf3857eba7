import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  path: string;
  /** The query parameters (the handler key ignores them). */
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export type MockAnswer = { status?: number; statusText?: string; body?: unknown } | 'network-error';
export type MockHandler = MockAnswer | ((request: MockRequest) => MockAnswer | Promise<MockAnswer>);

const STATUS_TEXTS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/**
 * Replaces `fetch` (the network boundary) with answers keyed by
 * 'METHOD /api/path' (query string ignored). An unknown call answers 404.
 * Returns the mock, whose `calls` list every request made.
 */
export function mockApi(handlers: Record<string, MockHandler>) {
  const requests: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const request: MockRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    const answer: MockAnswer =
      handler === undefined
        ? { status: 404, body: { message: `No mock for ${method} ${url.pathname}` } }
        : typeof handler === 'function'
          ? await handler(request)
          : handler;
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      statusText: answer.statusText ?? STATUS_TEXTS[status] ?? '',
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    requests,
    /** The requests made to one 'METHOD /api/path'. */
    callsTo: (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key),
  };
}
