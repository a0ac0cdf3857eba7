import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Config } from '../../config.js';
import type { Executor } from '../../db/client.js';
import { media } from '../../db/schema.js';
import { gameMediaDir, mediaFilePath, storageNameFor } from './storage.js';

/**
 * A new game's logo, made for it (issue 30): the first letter of its title,
 * white on a colour of its own, so that the logo the settings form requires on
 * edit (spec 1 §5) never stops a designer from saving. The designer replaces
 * it with their own picture whenever they like; it is an ordinary medium of
 * the game.
 */

/** Colours white text reads on at 4.5:1 or more (Mantine's shades 8–9). */
const COLOURS = ['#1971c2', '#0b7285', '#2b8a3e', '#c92a2a', '#9c36b5', '#3b5bdb', '#d9480f', '#c2255c', '#6741d9'];
const SIZE = 256;

/** The same title always gets the same colour. */
function colourOf(title: string): string {
  let hash = 0;
  for (const char of title) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return COLOURS[hash % COLOURS.length]!;
}

/** The first letter or digit of the title, upper case ('?' for a title without one). */
export function initialOf(title: string): string {
  const match = /[\p{L}\p{N}]/u.exec(title);
  return match ? match[0].toLocaleUpperCase() : '?';
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.codePointAt(0)!};`);

/** The logo as a PNG. */
export async function renderLogo(title: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">
  <rect width="${SIZE}" height="${SIZE}" rx="40" fill="${colourOf(title)}"/>
  <text x="50%" y="50%" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="150" font-weight="700"
    fill="#ffffff" text-anchor="middle" dominant-baseline="central">${escapeXml(initialOf(title))}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Makes the game's logo: writes the file and inserts its media row (in the
 * caller's transaction); its media id. A rolled-back transaction leaves the
 * file behind, which the game's media folder holds under an unknown id: harmless.
 */
export async function createGeneratedLogo(
  tx: Executor,
  config: Config,
  { gameId, title, now }: { gameId: string; title: string; now: Date },
): Promise<string> {
  const id = randomUUID();
  const png = await renderLogo(title);
  const storageName = storageNameFor(id, 'png');
  await mkdir(gameMediaDir(config, gameId), { recursive: true });
  await writeFile(mediaFilePath(config, gameId, storageName), png);
  await tx.insert(media).values({
    id,
    gameId,
    title: 'Generated logo',
    description: '',
    origFilename: 'logo.png',
    mimetype: 'image/png',
    size: png.length,
    width: SIZE,
    height: SIZE,
    storageName,
    instanceId: null,
    uploadedBy: null,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}
