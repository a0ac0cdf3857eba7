import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.js';

/**
 * Where media live on disk. Every path is built here from server-made parts
 * (game id, row id, sniffed extension): nothing a client sends reaches the disk.
 */

/** The folder of a game's original files. */
export function gameMediaDir(config: Config, gameId: string): string {
  return path.join(config.dataDir, 'media', gameId);
}

/** The original file of a medium. */
export function mediaFilePath(config: Config, gameId: string, storageName: string): string {
  return path.join(gameMediaDir(config, gameId), storageName);
}

/** The folder of generated thumbnails, shared by all games (named by media id). */
export function mediaCacheDir(config: Config): string {
  return path.join(config.dataDir, 'media-cache');
}

/** The storage name of a new file: the media id and the extension of its sniffed type. */
export function storageNameFor(mediaId: string, extension: string): string {
  return `${mediaId}.${extension}`;
}

/** A unique temporary path beside the final one, for writes that are renamed into place when complete. */
export function temporaryPathFor(finalPath: string): string {
  return `${finalPath}.${randomUUID()}.part`;
}

/** Removes the cached thumbnails of these media. */
export async function removeCachedThumbnails(config: Config, mediaIds: readonly string[]): Promise<void> {
  if (mediaIds.length === 0) return;
  const ids = new Set(mediaIds);
  let names: string[];
  try {
    names = await readdir(mediaCacheDir(config));
  } catch {
    return;
  }
  await Promise.all(
    names
      .filter((name) => ids.has(name.slice(0, 36)))
      .map((name) => rm(path.join(mediaCacheDir(config), name), { force: true })),
  );
}

/** Removes one medium's file and thumbnails. */
export async function removeMediaFiles(
  config: Config,
  item: { id: string; gameId: string; storageName: string },
): Promise<void> {
  await rm(mediaFilePath(config, item.gameId, item.storageName), { force: true });
  await removeCachedThumbnails(config, [item.id]);
}

/** Removes every file of a game (its folder) and the thumbnails of its media. */
export async function removeGameMediaFiles(config: Config, gameId: string, mediaIds: readonly string[]): Promise<void> {
  await rm(gameMediaDir(config, gameId), { recursive: true, force: true });
  await removeCachedThumbnails(config, mediaIds);
}

/** Copies media files from one game to another, under new storage names. */
export async function copyMediaFiles(
  config: Config,
  copies: ReadonlyArray<{ fromGameId: string; fromName: string; toGameId: string; toName: string }>,
): Promise<void> {
  for (const copy of copies) {
    await mkdir(gameMediaDir(config, copy.toGameId), { recursive: true });
    await copyFile(
      mediaFilePath(config, copy.fromGameId, copy.fromName),
      mediaFilePath(config, copy.toGameId, copy.toName),
    );
  }
}
