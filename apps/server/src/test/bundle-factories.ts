import { unzipSync, zipSync } from 'fflate';
import type { App } from '../app.js';
import type { TestUser } from './factories.js';

/** GET /api/design/games/{id}/bundle as `user`: the bundle's files by name. */
export async function exportedBundleFiles(app: App, user: TestUser, gameId: string) {
  const res = await app.inject({ method: 'GET', url: `/api/design/games/${gameId}/bundle`, headers: user.headers });
  if (res.statusCode !== 200) throw new Error(`export answered ${res.statusCode}: ${res.body}`);
  return unzipSync(res.rawPayload);
}

/** POST /api/design/games/import of these files (zipped) as `user`. */
export async function importBundleFiles(app: App, user: TestUser, files: Record<string, Uint8Array>) {
  const form = new FormData();
  form.append('bundle', new Blob([Buffer.from(zipSync(files))]), 'game.loci.zip');
  const response = new Response(form);
  return app.inject({
    method: 'POST',
    url: '/api/design/games/import',
    headers: { ...user.headers, 'content-type': response.headers.get('content-type') ?? '' },
    payload: Buffer.from(await response.arrayBuffer()),
  });
}
