import { expect, type APIRequestContext } from '@playwright/test';
import { newGameVersionDefaults } from '@loci/domain';
import sharp from 'sharp';

/** The request headers of a call made with an access token. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/**
 * The design API as a designer's token calls it, for tests that build their
 * game through the API rather than the forms: `create` expects a 201,
 * `uploadPng` adds a square image of one colour to a game's media library,
 * `patchGame` changes some of a game's settings, `publish` publishes the
 * working version and `instances` lists a game's instances as the operator's
 * console does.
 */
export function designApi(request: APIRequestContext, token: string) {
  const headers = bearer(token);
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
  async function patchGame(gameId: string, changes: Record<string, unknown>): Promise<void> {
    const current = (await (await request.get(`/api/design/games/${gameId}`, { headers })).json()) as object;
    const patched = await request.patch(`/api/design/games/${gameId}`, { headers, data: { ...current, ...changes } });
    expect(patched.ok(), await patched.text()).toBe(true);
  }
  async function publish(gameId: string, versionNotes: string): Promise<void> {
    const published = await request.post(`/api/design/${gameId}/gameVersions`, {
      headers,
      data: { ...newGameVersionDefaults(), versionNotes },
    });
    expect(published.status(), await published.text()).toBe(201);
  }
  async function instances(gameId: string): Promise<Array<{ id: string }>> {
    const list = await request.get(`/api/manage/gameInstances/${gameId}/thin-list`, { headers });
    expect(list.ok(), await list.text()).toBe(true);
    return (await list.json()) as Array<{ id: string }>;
  }
  return { headers, create, uploadPng, patchGame, publish, instances };
}
