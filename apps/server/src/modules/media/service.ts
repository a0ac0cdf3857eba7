import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { and, desc, eq, inArray, isNotNull, isNull, sql, type AnyColumn } from 'drizzle-orm';
import {
  domainTextRef,
  renderDomainText,
  isAcceptedMediaType,
  MEDIA_LIMITS,
  MEDIA_UPLOAD_MESSAGES,
  mediaTypeOf,
  type DomainTextRef,
  type EntityUser,
  type InterfaceLanguage,
  type MediaRejection,
  type MediaType,
  type MediaUpdate,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { designEntities, games, gameVersions, media, type MediaRow } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { requireEditableGame, requireGameRight } from '../../policies/games.js';
import { touchWorkingVersion } from '../design/working-version.js';
import type { Executor } from '../../db/client.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { DECODE_LIMITS, hasTooManyPixels, imageSize } from './pixels.js';
import { sniffType, SNIFF_BYTES, type SniffedType } from './sniff.js';
import { unreadableMultipart } from './multipart.js';
import {
  gameMediaDir,
  mediaCacheDir,
  mediaFilePath,
  removeMediaFiles,
  storageNameFor,
  temporaryPathFor,
} from './storage.js';

/** One file part of a multipart upload: the client's file name (for display only) and its bytes. */
export interface UploadedFile {
  filename: string;
  file: Readable;
}

/** A file name fit to show: no folders, no control characters, at most 255 characters. */
export function displayFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const printable = [...base].filter((char) => char.charCodeAt(0) > 0x1f && char.charCodeAt(0) !== 0x7f).join('');
  return (printable.trim() || 'file').slice(0, 255);
}

/** A default title: the file name without its extension. */
function titleFromFilename(filename: string): string {
  const withoutExtension = filename.replace(/\.[^.]+$/, '').trim();
  return (withoutExtension || filename).slice(0, 200);
}

// ─── Reading ─────────────────────────────────────────────────────────────────

/** The media of a game, newest first (view right). */
export async function listMedia({
  ctx,
  user,
  gameId,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
}): Promise<MediaRow[]> {
  await requireGameRight({ ctx, user, gameId, right: 'view' });
  // Players' uploads (mission submissions) are game play, not design material.
  return ctx.db
    .select()
    .from(media)
    .where(and(eq(media.gameId, gameId), isNull(media.instanceId)))
    .orderBy(desc(media.createdAt), desc(media.id));
}

/** A medium by id (and game, when given), or 404. */
export async function findMedia({
  ctx,
  mediaId,
  gameId,
}: {
  ctx: AppContext;
  mediaId: string;
  gameId?: string;
}): Promise<MediaRow> {
  if (!isUuid(mediaId) || (gameId !== undefined && !isUuid(gameId)))
    throw fail.notFound(MEDIA_UPLOAD_MESSAGES.notFound);
  const [row] = await ctx.db
    .select()
    .from(media)
    .where(and(eq(media.id, mediaId), gameId ? eq(media.gameId, gameId) : undefined))
    .limit(1);
  if (!row) throw fail.notFound(MEDIA_UPLOAD_MESSAGES.notFound);
  return row;
}

// ─── Upload ──────────────────────────────────────────────────────────────────

/** A refused file: its answer, with its message by key (said in the caller's language by `rejectionIn`). */
export type Rejection = MediaRejection & { text: DomainTextRef };
type StoreOutcome = { saved: MediaRow } | { rejected: Rejection };

/** A refused file's answer in `language`. */
export function rejectionIn({ file, status, text }: Rejection, language: InterfaceLanguage): MediaRejection {
  return { file, status, message: renderDomainText(text, language) };
}

const rejectionOf = (file: string, status: 413 | 415, text: DomainTextRef): Rejection => ({
  file,
  status,
  message: renderDomainText(text, 'en'),
  text,
});

/** Writes chunks to a temporary file with back-pressure; `discard` removes it. */
class PartialFile {
  readonly temporaryPath: string;
  private readonly stream: WriteStream;
  private readonly done: Promise<void>;

  constructor(readonly finalPath: string) {
    this.temporaryPath = temporaryPathFor(finalPath);
    this.stream = createWriteStream(this.temporaryPath, { flags: 'wx' });
    this.done = finished(this.stream);
    // `finished` reports errors when awaited; this keeps an early one from being unhandled.
    this.done.catch(() => {});
  }

  async write(chunk: Buffer): Promise<void> {
    if (!this.stream.write(chunk)) await Promise.race([once(this.stream, 'drain'), this.done]);
  }

  /** Completes the file and moves it to its final name. */
  async commit(): Promise<void> {
    this.stream.end();
    await this.done;
    await rename(this.temporaryPath, this.finalPath);
  }

  async discard(): Promise<void> {
    this.stream.destroy();
    await this.done.catch(() => {});
    await rm(this.temporaryPath, { force: true });
  }
}

/** The chunks of an uploaded file; a body busboy cannot read (cut short) is the client's 400, not a 500. */
async function* chunksOf(file: Readable): AsyncIterable<Buffer> {
  try {
    for await (const chunk of file as AsyncIterable<Buffer>) yield chunk;
  } catch (error) {
    throw unreadableMultipart(error);
  }
}

/**
 * Stores one uploaded file of a game, reading it once as a stream: the first
 * bytes decide its real type (415 when not accepted), a byte counter stops it
 * past its type's limit (413; the file is skipped), images are measured with
 * sharp. The rest of a skipped file is read and dropped, so that the next file
 * of the request can follow.
 */
async function storeUpload({
  ctx,
  gameId,
  upload,
  player,
  imagesOnly = false,
}: {
  ctx: AppContext;
  gameId: string;
  upload: UploadedFile;
  /** Set for a player's upload: the instance it is made in and the uploader (the design is left untouched). */
  player?: { instanceId: string; userId: string };
  /** Only a png or jpeg image is taken (a team's picture): anything else is refused with 415. */
  imagesOnly?: boolean;
}): Promise<StoreOutcome> {
  const filename = displayFilename(upload.filename);
  const mediaId = randomUUID();
  const head: Buffer[] = [];
  let headLength = 0;
  let total = 0;
  let type: SniffedType | undefined;
  let limit = 0;
  let output: PartialFile | undefined;
  let rejection: Rejection | undefined;

  const reject = async (status: 413 | 415, mediaType?: MediaType) => {
    rejection =
      status === 415
        ? rejectionOf(
            filename,
            status,
            domainTextRef('MEDIA_MESSAGES', imagesOnly ? 'notAnImage' : 'notAccepted', filename),
          )
        : rejectionOf(
            filename,
            status,
            domainTextRef('MEDIA_MESSAGES', 'tooLarge', mediaType ?? 'other', filename, limit),
          );
    await output?.discard();
    output = undefined;
  };

  // Decides the type from the first bytes, then writes them out.
  const start = async () => {
    const bytes = Buffer.concat(head);
    head.length = 0;
    type = await sniffType(bytes);
    if (!type || !isAcceptedMediaType(type.mimetype)) return reject(415);
    if (imagesOnly && !type.mimetype.startsWith('image/')) return reject(415);
    const mediaType = mediaTypeOf(type.mimetype);
    limit = MEDIA_LIMITS[mediaType];
    total = bytes.length;
    if (total > limit) return reject(413, mediaType);
    await mkdir(gameMediaDir(ctx.config, gameId), { recursive: true });
    output = new PartialFile(mediaFilePath(ctx.config, gameId, storageNameFor(mediaId, type.extension)));
    await output.write(bytes);
  };

  try {
    for await (const chunk of chunksOf(upload.file)) {
      if (rejection) continue;
      if (!type) {
        head.push(chunk);
        headLength += chunk.length;
        if (headLength >= SNIFF_BYTES) await start();
        continue;
      }
      total += chunk.length;
      if (total > limit) await reject(413, mediaTypeOf(type.mimetype));
      else await output?.write(chunk);
    }
    if (!type && !rejection) await start();
    if (rejection) return { rejected: rejection };
    if (!type || !output) throw new Error('storeUpload: no output');

    await output.commit();
    const finalPath = output.finalPath;
    output = undefined;
    let size: { width: number; height: number } | null = null;
    if (type.mimetype.startsWith('image/')) {
      size = await imageSize(finalPath);
      // Bytes that start like an image but are not one are not accepted either.
      if (!size) {
        await rm(finalPath, { force: true });
        const message = imagesOnly ? 'notAnImage' : 'notAccepted';
        return { rejected: rejectionOf(filename, 415, domainTextRef('MEDIA_MESSAGES', message, filename)) };
      }
      if (hasTooManyPixels(size)) {
        await rm(finalPath, { force: true });
        return { rejected: rejectionOf(filename, 413, domainTextRef('MEDIA_MESSAGES', 'tooManyPixels', filename)) };
      }
    }

    const now = ctx.now();
    try {
      const saved = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(media)
          .values({
            id: mediaId,
            gameId,
            title: titleFromFilename(filename),
            description: '',
            origFilename: filename,
            mimetype: type!.mimetype,
            size: total,
            width: size?.width ?? null,
            height: size?.height ?? null,
            storageName: path.basename(finalPath),
            instanceId: player?.instanceId ?? null,
            uploadedBy: player?.userId ?? null,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (!player) await touchWorkingVersion(tx, gameId, now);
        return row!;
      });
      return { saved };
    } catch (error) {
      await rm(finalPath, { force: true });
      throw error;
    }
  } finally {
    await output?.discard();
  }
}

/**
 * Stores every file of a multipart upload (edit right, unarchived game). Each
 * file is judged on its own: the others are saved when one is skipped.
 */
export async function uploadMedia({
  ctx,
  user,
  gameId,
  files,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  files: AsyncIterable<UploadedFile>;
}): Promise<{ saved: MediaRow[]; rejected: Rejection[] }> {
  await requireEditableGame({ ctx, user, gameId, checkLock: false });
  const saved: MediaRow[] = [];
  const rejected: Rejection[] = [];
  for await (const upload of files) {
    const outcome = await storeUpload({ ctx, gameId, upload });
    if ('saved' in outcome) saved.push(outcome.saved);
    else rejected.push(outcome.rejected);
  }
  if (saved.length === 0 && rejected.length === 0)
    throw fail.validation({ file: MEDIA_UPLOAD_MESSAGES.noFile }, MEDIA_UPLOAD_MESSAGES.noFile);
  return { saved, rejected };
}

/**
 * Stores the first file a player uploads in an instance (a photo, video or
 * sound for a mission submission), with the same type sniffing and size
 * limits as the media library; further files of the request are skipped. The
 * caller has checked that the user plays the instance (requireActivePlay of policies/play).
 */
export async function uploadPlayerMedia(args: {
  ctx: AppContext;
  instance: { id: string; gameId: string };
  userId: string;
  files: AsyncIterable<UploadedFile>;
}): Promise<StoreOutcome> {
  return storeFirstUpload(args);
}

/** Stores the first file of a request with an instance's media (the others are skipped); 400 when there is none. */
async function storeFirstUpload({
  ctx,
  instance,
  userId,
  files,
  imagesOnly = false,
}: {
  ctx: AppContext;
  instance: { id: string; gameId: string };
  userId: string;
  files: AsyncIterable<UploadedFile>;
  imagesOnly?: boolean;
}): Promise<StoreOutcome> {
  let outcome: StoreOutcome | undefined;
  for await (const upload of files) {
    if (outcome) upload.file.resume();
    else
      outcome = await storeUpload({
        ctx,
        gameId: instance.gameId,
        upload,
        player: { instanceId: instance.id, userId },
        imagesOnly,
      });
  }
  if (!outcome) throw fail.validation({ file: MEDIA_UPLOAD_MESSAGES.noFile }, MEDIA_UPLOAD_MESSAGES.noFile);
  return outcome;
}

/**
 * Stores the first file of a request as a team's picture (games played in teams): a png or jpeg image only, with
 * the same sniffing, size and pixel limits as every upload, kept with the team's instance (as players' uploads
 * are: it goes with the instance; player-uploads.ts keeps it out of the players' quotas and of the sweep while a
 * team shows it). The caller has checked the manage right.
 */
export async function uploadTeamPicture(args: {
  ctx: AppContext;
  instance: { id: string; gameId: string };
  userId: string;
  files: AsyncIterable<UploadedFile>;
}): Promise<StoreOutcome> {
  return storeFirstUpload({ ...args, imagesOnly: true });
}

/** Removes an instance's medium that nothing shows any more (a team's picture replaced): its row and its files. */
export async function removeInstanceMedium(ctx: AppContext, mediaId: string): Promise<void> {
  const [row] = await ctx.db
    .delete(media)
    .where(and(eq(media.id, mediaId), isNotNull(media.instanceId)))
    .returning({ id: media.id, gameId: media.gameId, storageName: media.storageName });
  if (row) await removeMediaFiles(ctx.config, row);
}

/** A player upload's file, as far as removing it needs. */
export interface UploadFile {
  id: string;
  gameId: string;
  storageName: string;
}

/**
 * The player uploads of some instances (by id), or of every instance of a
 * game: read before the instances are deleted (their rows go with them, on
 * delete cascade), to remove the files after (`removeUploadFiles`).
 */
export async function uploadsOf(
  db: Executor,
  of: { instanceIds: readonly string[] } | { gameId: string },
): Promise<UploadFile[]> {
  if ('instanceIds' in of && of.instanceIds.length === 0) return [];
  return db
    .select({ id: media.id, gameId: media.gameId, storageName: media.storageName })
    .from(media)
    .where(
      'instanceIds' in of
        ? inArray(media.instanceId, [...of.instanceIds])
        : and(eq(media.gameId, of.gameId), isNotNull(media.instanceId)),
    );
}

/** Removes the files (and cached thumbnails) of player uploads whose rows are gone. */
export async function removeUploadFiles(ctx: AppContext, uploads: readonly UploadFile[]): Promise<void> {
  for (const upload of uploads) await removeMediaFiles(ctx.config, upload);
}

// ─── Changes ─────────────────────────────────────────────────────────────────

/** Saves a medium's title and description (edit right; not archived; game not locked by another user). */
export async function updateMedia({
  ctx,
  user,
  gameId,
  mediaId,
  values,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  mediaId: string;
  values: Required<MediaUpdate>;
}): Promise<MediaRow> {
  await requireEditableGame({ ctx, user, gameId });
  await findMedia({ ctx, mediaId, gameId });
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(media)
      .set({ title: values.title, description: values.description, updatedAt: now })
      .where(and(eq(media.id, mediaId), eq(media.gameId, gameId)))
      .returning();
    if (!row) throw fail.notFound(MEDIA_UPLOAD_MESSAGES.notFound);
    await touchWorkingVersion(tx, gameId, now);
    return row;
  });
}

/** Whether a JSON column's text holds `id` (a medium id is a uuid: it cannot match anything else by chance). */
const mentions = (column: AnyColumn, id: string) => sql`position(${id} in ${column}::text) > 0`;

/**
 * What still uses a medium of the game: its settings (logo, icon), a design
 * entity (a logo, an avatar, a background action, a link in rich text), the
 * initial world of the working version, a published version. Any of them makes
 * the delete answer 409 with the list, like every other reference
 * ('Used by game "Lost Key", character "Mia"'), instead of leaving broken logos.
 */
async function mediumUsers(tx: Executor, gameId: string, mediaId: string): Promise<EntityUser[]> {
  const users: EntityUser[] = [];
  const settings = await tx
    .select({ title: games.title })
    .from(games)
    .where(and(eq(games.id, gameId), mentions(games.settings, mediaId)));
  for (const game of settings) users.push({ kind: 'game', name: game.title });
  const entities = await tx
    .select({ kind: designEntities.kind, name: designEntities.name })
    .from(designEntities)
    .where(and(eq(designEntities.gameId, gameId), mentions(designEntities.body, mediaId)))
    .orderBy(designEntities.kind, designEntities.name);
  for (const entity of entities) users.push({ kind: entity.kind, name: entity.name });
  const versions = await tx
    .select({ isLiveSpec: gameVersions.isLiveSpec, version: gameVersions.version })
    .from(gameVersions)
    .where(
      and(
        eq(gameVersions.gameId, gameId),
        sql`(${mentions(gameVersions.initialState, mediaId)} or ${mentions(gameVersions.spec, mediaId)})`,
      ),
    )
    .orderBy(gameVersions.version);
  for (const version of versions) {
    users.push(
      version.isLiveSpec
        ? { kind: 'initialWorld', name: '' }
        : { kind: 'publishedVersion', name: String(version.version) },
    );
  }
  return users;
}

/** Deletes a medium, its file and its thumbnails (edit right; not archived; game not locked by another user; 409 while in use). */
export async function deleteMedia({
  ctx,
  user,
  gameId,
  mediaId,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  mediaId: string;
}): Promise<void> {
  await requireEditableGame({ ctx, user, gameId });
  await findMedia({ ctx, mediaId, gameId });
  const now = ctx.now();
  const removed = await ctx.db.transaction(async (tx) => {
    const users = await mediumUsers(tx, gameId, mediaId);
    if (users.length > 0) throw fail.conflict(domainTextRef('DESIGN_API_MESSAGES', 'usedBy', users));
    const [row] = await tx
      .delete(media)
      .where(and(eq(media.id, mediaId), eq(media.gameId, gameId)))
      .returning();
    if (!row) throw fail.notFound(MEDIA_UPLOAD_MESSAGES.notFound);
    await touchWorkingVersion(tx, gameId, now);
    return row;
  });
  await removeMediaFiles(ctx.config, removed);
}

// ─── Thumbnails ──────────────────────────────────────────────────────────────

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** The cached files being made now, so that simultaneous requests for one decode its original once. */
const making = new Map<string, Promise<void>>();

/** Writes `make()`'s bytes to `file` through a temporary name, so readers never see half a file. */
async function writeOnce(file: string, make: () => Promise<Buffer>): Promise<void> {
  const pending = making.get(file);
  if (pending) return pending;
  const writing = (async () => {
    if (await exists(file)) return;
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = temporaryPathFor(file);
    try {
      await writeFile(temporary, await make());
      await rename(temporary, file);
    } finally {
      await rm(temporary, { force: true });
    }
  })().finally(() => making.delete(file));
  making.set(file, writing);
  return writing;
}

/** A grey tile with a shape for the kind of medium: a play triangle for video, a note for audio, a page otherwise. */
function placeholderSvg(kind: MediaType, width: number, height: number): string {
  const shapes: Record<MediaType, string> = {
    video: '<path d="M40 30 L72 50 L40 70 Z" fill="#868e96"/>',
    audio: '<path d="M58 26 V62 A9 8 0 1 1 52 55 V36 L42 38 V68 A9 8 0 1 1 36 61 V30 Z" fill="#868e96"/>',
    image: '<rect x="30" y="30" width="40" height="40" fill="#868e96"/>',
    other: '<path d="M36 24 H58 L68 34 V76 H36 Z" fill="#868e96"/>',
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 100 100" preserveAspectRatio="xMidYMid meet"><rect x="-1000" y="-1000" width="3000" height="3000" fill="#e9ecef"/>${shapes[kind]}</svg>`;
}

/**
 * The file of a thumbnail, made with sharp on first request and kept in the
 * media cache: images are resized to `width` (cover-cropped to a square when
 * `square`), keeping PNG as PNG and the rest as JPEG. Audio, video and other
 * media get a generic placeholder PNG of the same size, so that media pickers
 * can show every medium as a tile.
 */
export async function thumbnailFile({
  ctx,
  row,
  width,
  square,
}: {
  ctx: AppContext;
  row: MediaRow;
  width: number;
  square: boolean;
}): Promise<{ root: string; name: string }> {
  const root = mediaCacheDir(ctx.config);
  const shape = square ? 'sq' : 'fit';
  const kind = mediaTypeOf(row.mimetype);
  if (kind !== 'image' || !row.width || !row.height) {
    const height = square ? width : Math.round((width * 3) / 4);
    const name = `placeholder-${kind}-w${width}-${shape}.png`;
    await writeOnce(path.join(root, name), () =>
      sharp(Buffer.from(placeholderSvg(kind, width, height)))
        .png()
        .toBuffer(),
    );
    return { root, name };
  }
  const png = row.mimetype === 'image/png';
  const name = `${row.id}-w${width}-${shape}.${png ? 'png' : 'jpg'}`;
  try {
    await writeOnce(path.join(root, name), async () => {
      const image = sharp(mediaFilePath(ctx.config, row.gameId, row.storageName), DECODE_LIMITS)
        .rotate()
        .resize(square ? { width, height: width, fit: 'cover' } : { width });
      return (png ? image.png() : image.jpeg({ quality: 82 })).toBuffer();
    });
  } catch (error) {
    // The original is missing or unreadable: nothing to show, and nothing the caller did wrong.
    ctx.log.warn({ err: error, mediaId: row.id }, 'could not make a thumbnail');
    throw fail.notFound(MEDIA_UPLOAD_MESSAGES.notFound);
  }
  return { root, name };
}
