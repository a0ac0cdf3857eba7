import type { FastifyRequest } from 'fastify';
import { REQUEST_MESSAGES } from '@loci/domain';
import { AppError, fail } from '../../lib/errors.js';
import type { UploadedFile } from './service.js';

/** A multipart body the parser can read: without its boundary, busboy throws a plain Error (a 500). */
export function isMultipartWithBoundary(request: FastifyRequest): boolean {
  return request.isMultipart() && /;\s*boundary=[^;\s]/i.test(request.headers['content-type'] ?? '');
}

/**
 * What busboy throws on a body it cannot read (cut short, not of its announced boundary) — a plain Error, which
 * would answer 500 — as the client's mistake it is: 400 with the field error `file`. Our own errors pass.
 */
export function unreadableMultipart(error: unknown): unknown {
  if (error instanceof AppError) return error;
  return fail.validation({ file: REQUEST_MESSAGES.MULTIPART_UNREADABLE }, REQUEST_MESSAGES.MULTIPART_UNREADABLE);
}

/** The file parts of a multipart request, in order; other fields are ignored. A body busboy cannot read is 400. */
export async function* filesOf(request: FastifyRequest): AsyncIterable<UploadedFile> {
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') yield { filename: part.filename, file: part.file };
    }
  } catch (error) {
    throw unreadableMultipart(error);
  }
}
