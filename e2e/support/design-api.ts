import { expect, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';

/**
 * The design API as a designer's token calls it, for tests that build their
 * game through the API rather than the forms: `create` expects a 201, and
 * `uploadPng` adds a square image of one colour to a game's media library.
 */
export function designApi(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  async function create<T extends { id: string } = { id: string }>(
    path: string,
    data: Record<string, unknown>,
  ): Promise<T> {
    const res = await request.post(path, { headers, data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
    return (await res.json()) as T;
  }
  async function uploadPng(gameId: string, name: string, background: string): Promise<string> {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background } })
      .png()
      .toBuffer();
    const upload = await request.post(`/api/design/${gameId}/medias`, {
      headers,
      multipart: { files: { name, mimeType: 'image/png', buffer: png } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    return ((await upload.json()) as { saved: { id: string }[] }).saved[0]!.id;
  }
  return { headers, create, uploadPng };
}
