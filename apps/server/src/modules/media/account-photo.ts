import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { ACCOUNT_PHOTO_MAX_BYTES, ACCOUNT_PHOTO_SIZE, ACCOUNT_PHOTO_TYPES, PROFILE_MESSAGES } from '@loci/domain';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import { users, type UserRow } from '../../db/schema.js';
import { AppError, fail } from '../../lib/errors.js';
import type { UploadedFile } from './service.js';
import { DECODE_LIMITS, hasTooManyPixels, imageSize } from './pixels.js';
import { sniffType } from './sniff.js';

/**
 * The account photo (docs/accounts.md "Photo"): one image per account, for
 * games with photoRequired. What is sent is checked like a medium — its real
 * type from its first bytes (415 unless JPEG, PNG or WebP), a byte counter
 * (413 past ACCOUNT_PHOTO_MAX_BYTES), its pixels (413 past MEDIA_MAX_PIXELS) — then re-encoded by sharp: turned
 * upright, cut to a square of ACCOUNT_PHOTO_SIZE pixels, written as a JPEG
 * without its metadata (no location, no camera). The stored file has a new
 * random id each time: its URL is a capability, shown only to who may see
 * the player.
 */

export function accountPhotoDir(config: Config): string {
  return path.join(config.dataDir, 'account-photos');
}

const fileOf = (config: Config, photoId: string) => path.join(accountPhotoDir(config), `${photoId}.jpg`);

/** Reads the first file of the request whole (at most ACCOUNT_PHOTO_MAX_BYTES); the others are dropped. */
async function firstFile(files: AsyncIterable<UploadedFile>): Promise<Buffer> {
  let found: Buffer | undefined;
  let tooLarge = false;
  for await (const upload of files) {
    if (found || tooLarge) {
      upload.file.resume();
      continue;
    }
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of upload.file as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total <= ACCOUNT_PHOTO_MAX_BYTES) chunks.push(chunk);
    }
    // busboy stops a runaway file at the multipart limit and marks it truncated.
    if (total > ACCOUNT_PHOTO_MAX_BYTES || (upload.file as { truncated?: boolean }).truncated) tooLarge = true;
    else found = Buffer.concat(chunks);
  }
  if (tooLarge)
    throw new AppError('TOO_LARGE', PROFILE_MESSAGES.photoTooLarge, {
      errors: { file: PROFILE_MESSAGES.photoTooLarge },
    });
  if (!found || found.length === 0)
    throw fail.validation({ file: PROFILE_MESSAGES.photoMissing }, PROFILE_MESSAGES.photoMissing);
  return found;
}

const notImage = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', PROFILE_MESSAGES.photoNotImage, {
    errors: { file: PROFILE_MESSAGES.photoNotImage },
  });

/** POST /api/users/account/photo: checks, re-encodes and stores the photo, and forgets the one before. */
export async function saveAccountPhoto(
  ctx: AppContext,
  userId: string,
  files: AsyncIterable<UploadedFile>,
): Promise<UserRow> {
  const bytes = await firstFile(files);
  const type = await sniffType(bytes);
  if (!type || !(ACCOUNT_PHOTO_TYPES as readonly string[]).includes(type.mimetype)) throw notImage();
  const size = await imageSize(bytes);
  if (!size) throw notImage();
  if (hasTooManyPixels(size)) {
    throw new AppError('TOO_LARGE', PROFILE_MESSAGES.photoTooManyPixels, {
      errors: { file: PROFILE_MESSAGES.photoTooManyPixels },
    });
  }
  let jpeg: Buffer;
  try {
    jpeg = await sharp(bytes, DECODE_LIMITS)
      .rotate()
      .resize(ACCOUNT_PHOTO_SIZE, ACCOUNT_PHOTO_SIZE, { fit: 'cover' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    // The first bytes said image, the rest is not one sharp can read.
    throw notImage();
  }
  const photoId = randomUUID();
  await mkdir(accountPhotoDir(ctx.config), { recursive: true });
  const file = fileOf(ctx.config, photoId);
  await writeFile(`${file}.part`, jpeg);
  await rename(`${file}.part`, file);
  const [before] = await ctx.db.select({ photoId: users.photoId }).from(users).where(eq(users.id, userId));
  const [row] = await ctx.db
    .update(users)
    .set({ photoId, updatedAt: ctx.now() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) {
    await rm(file, { force: true });
    throw fail.unauthenticated();
  }
  await removeAccountPhoto(ctx.config, before?.photoId ?? null);
  return row;
}

/** DELETE /api/users/account/photo. */
export async function deleteAccountPhoto(ctx: AppContext, userId: string): Promise<UserRow> {
  const [before] = await ctx.db.select({ photoId: users.photoId }).from(users).where(eq(users.id, userId));
  const [row] = await ctx.db
    .update(users)
    .set({ photoId: null, updatedAt: ctx.now() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw fail.unauthenticated();
  await removeAccountPhoto(ctx.config, before?.photoId ?? null);
  return row;
}

/** Removes a stored photo's file (when replaced, removed, or its account deleted). */
export async function removeAccountPhoto(config: Config, photoId: string | null): Promise<void> {
  if (photoId) await rm(fileOf(config, photoId), { force: true });
}

/** The file of a photo id, or 404 (ids are UUIDs: nothing else names a file). */
export function accountPhotoFile(config: Config, photoId: string): { root: string; name: string } {
  if (!/^[0-9a-f-]{36}$/.test(photoId)) throw fail.notFound('Photo not found');
  return { root: accountPhotoDir(config), name: `${photoId}.jpg` };
}
