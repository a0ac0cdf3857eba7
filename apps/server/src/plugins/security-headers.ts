import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

/**
 * The Content-Security-Policy of the console and the player. Scripts come only from Loci's own origin (Vite's
 * build has no inline script). Styles allow 'unsafe-inline' and nothing else: Mantine writes its CSS variables
 * in a <style> element and positions popovers, and Leaflet its tiles and markers, with style attributes; a
 * style cannot run code, so this leaves script injection closed. Images: Loci's media, the map tiles' hosts (standard and satellite),
 * data: (small images Vite inlines) and blob: (previews of files being uploaded); media: blob: for the
 * camera's stream in the QR scanner, whose decoder runs in a blob: worker. connect-src 'self' covers the
 * API and Socket.IO's same-origin ws:/wss:; the tiles' host is there too because the player's service worker
 * (/fe/sw.js, same origin, worker-src 'self') fetches and keeps the map tiles for offline play.
 */
export function contentSecurityPolicy(
  config: Pick<Config, 'tileUrl'> & Partial<Pick<Config, 'satelliteTileUrl'>>,
): Record<string, string[]> {
  const originOf = (template: string) => new URL(template.replace(/\{[a-z]\}/g, 'x')).origin;
  const tileOrigins = [...new Set([config.tileUrl, config.satelliteTileUrl ?? config.tileUrl].map(originOf))];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...tileOrigins],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...tileOrigins],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * Security headers on every answer (console, API, errors): the CSP above, X-Frame-Options DENY,
 * X-Content-Type-Options nosniff, Referrer-Policy with the origin only across origins, and helmet's other defaults.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(config),
    },
    frameguard: { action: 'deny' },
    // The tile servers' usage policy (OpenStreetMap's) asks for a Referer; the origin alone is enough.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
});
