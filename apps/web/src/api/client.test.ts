import { TOKEN_STORAGE_KEY } from '@loci/domain';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/api-mock';
import { ApiError, NoResponseError, api } from './client';

describe('api client', () => {
  it('calls /api with the stored token and JSON body', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    const mock = mockApi({ 'POST /api/things': { body: { ok: true } } });

    await expect(api.post('/things', { a: 1 })).resolves.toEqual({ ok: true });

    const [request] = mock.requests;
    expect(request?.headers.Authorization).toBe('Bearer tok');
    expect(request?.headers['Content-Type']).toBe('application/json');
    expect(request?.body).toEqual({ a: 1 });
  });

  it('sends no Authorization header when signed out', async () => {
    const mock = mockApi({ 'GET /api/things': { body: [] } });
    await api.get('/things');
    expect(mock.requests[0]?.headers.Authorization).toBeUndefined();
  });

  it('throws an ApiError with status, status text and body on a non-2xx answer', async () => {
    mockApi({ 'GET /api/things': { status: 400, body: { message: 'Invalid', errors: { name: 'Required' } } } });
    const error = await api.get('/things').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      statusText: 'Bad Request',
      body: { message: 'Invalid', errors: { name: 'Required' } },
    });
  });

  it('throws a NoResponseError when no answer comes', async () => {
    mockApi({ 'GET /api/things': 'network-error' });
    await expect(api.get('/things')).rejects.toBeInstanceOf(NoResponseError);
  });
});
