import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { gameValuesSchemaFor, newGameDefaults, type GameValues, type GameValuesInput } from '@loci/domain';
import type { AppContext } from '../context.js';
import { games, gameVersions, media, type MediaRow } from '../db/schema.js';
import { createGame as createGameService } from '../modules/games/service.js';
import type { LoadedGame } from '../policies/games.js';
import { gameMediaDir, mediaFilePath, storageNameFor } from '../modules/media/storage.js';
import type { TestUser } from './factories.js';

/** Valid settings-form values for a new game: the defaults of spec 1 §3 with a title, and `overrides`. */
export function gameFormValues(overrides: Partial<GameValuesInput> = {}, now = new Date()): GameValuesInput {
  return { ...newGameDefaults(now), title: `Game ${randomUUID().slice(0, 8)}`, ...overrides };
}

/** Creates a game owned by `owner` through the games service (so it has its working version and access lists). */
export async function createGame(
  ctx: AppContext,
  owner: TestUser,
  overrides: Partial<GameValuesInput> = {},
): Promise<LoadedGame> {
  const values: GameValues = gameValuesSchemaFor('create').parse(gameFormValues(overrides, ctx.now()));
  return createGameService({ ctx, user: owner.user, values });
}

/** Publishes a game the way the (later) publishing area will: a snapshot version becomes its public version. */
export async function publishGame(ctx: AppContext, gameId: string): Promise<string> {
  const [version] = await ctx.db
    .insert(gameVersions)
    .values({ gameId, isLiveSpec: false, versionNotes: 'Published by a test', spec: {} })
    .returning({ id: gameVersions.id });
  await ctx.db.update(games).set({ publicVersionId: version!.id }).where(eq(games.id, gameId));
  return version!.id;
}

/** The working version of a game. */
export async function workingVersionOf(ctx: AppContext, gameId: string) {
  const rows = await ctx.db.select().from(gameVersions).where(eq(gameVersions.gameId, gameId));
  const working = rows.find((row) => row.isLiveSpec);
  if (!working) throw new Error(`game ${gameId} has no working version`);
  return working;
}

/** A real PNG made by sharp. */
export function pngBytes({ width = 50, height = 40, color = '#f00' } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A real JPEG made by sharp. */
export function jpegBytes({ width = 50, height = 40, color = '#00f' } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

/** A minimal WAV (RIFF/WAVE) of `bytes` bytes of silence. */
export function wavBytes(bytes = 1000): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + bytes, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(bytes, 40);
  return Buffer.concat([header, Buffer.alloc(bytes, 0x80)]);
}

export interface UploadPart {
  filename: string;
  bytes: Buffer;
  /** What the client claims; the server must ignore it. */
  contentType?: string;
  field?: string;
}

/** A multipart/form-data body for app.inject, built with the web FormData. */
export async function multipartBody(
  parts: readonly UploadPart[],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const part of parts) {
    form.append(
      part.field ?? 'files',
      new Blob([part.bytes], { type: part.contentType ?? 'application/octet-stream' }),
      part.filename,
    );
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

/** Puts a medium straight into a game's library (row and file), without the upload route. */
export async function createMedia(
  ctx: AppContext,
  gameId: string,
  options: {
    title?: string;
    bytes?: Buffer;
    mimetype?: string;
    extension?: string;
    width?: number;
    height?: number;
  } = {},
): Promise<MediaRow> {
  const id = randomUUID();
  const bytes = options.bytes ?? (await pngBytes());
  const storageName = storageNameFor(id, options.extension ?? 'png');
  await mkdir(gameMediaDir(ctx.config, gameId), { recursive: true });
  await writeFile(mediaFilePath(ctx.config, gameId, storageName), bytes);
  const [row] = await ctx.db
    .insert(media)
    .values({
      id,
      gameId,
      title: options.title ?? 'A medium',
      origFilename: `medium.${options.extension ?? 'png'}`,
      mimetype: options.mimetype ?? 'image/png',
      size: bytes.length,
      width: options.width ?? 50,
      height: options.height ?? 40,
      storageName,
      createdAt: ctx.now(),
      updatedAt: ctx.now(),
    })
    .returning();
  return row!;
}
