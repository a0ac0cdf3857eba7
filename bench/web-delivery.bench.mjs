// The console's first load over the wire: the JavaScript and CSS that
// index.html names (entry script, modulepreloads, stylesheets), fetched from
// the started server raw and with each encoding, with their cache headers.
// Needs the built console (`npm run build -w @loci/web`).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, startServer } from './support/server.mjs';

if (!existsSync(path.join(root, 'apps/web/dist/index.html')))
  throw new Error('apps/web/dist is missing: run `npm run build -w @loci/web` first');

/** GET `url` with `acceptEncoding`; the body's bytes as sent (fetch would decode them). */
function get(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'loci-bench-web-'));
const { child, baseUrl } = await startServer({ dataDir, fromSource: true });
try {
  const index = await get(`${baseUrl}/fe/`, 'identity');
  console.log(`index.html: cache-control ${index.headers['cache-control']}, etag ${index.headers.etag}`);
  const html = index.body.toString();
  const urls = [...html.matchAll(/(?:src|href)="(\/fe\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const totals = { identity: 0, gzip: 0, br: 0 };
  const rows = [];
  for (const url of new Set(urls)) {
    const row = { url };
    for (const encoding of Object.keys(totals)) {
      const res = await get(`${baseUrl}${url}`, encoding);
      row[encoding] = res.body.length;
      row.cache = res.headers['cache-control'];
      totals[encoding] += res.body.length;
    }
    rows.push(row);
  }
  for (const row of rows.sort((a, b) => b.identity - a.identity))
    console.log(`${row.url}: ${kB(row.identity)} raw, ${kB(row.gzip)} gzip, ${kB(row.br)} br (${row.cache})`);
  console.log(
    `first load, ${rows.length} files: ${kB(totals.identity)} raw, ${kB(totals.gzip)} gzip, ${kB(totals.br)} brotli`,
  );
} finally {
  child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
