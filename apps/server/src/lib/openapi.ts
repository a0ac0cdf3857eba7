import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { errorBodySchema } from '@loci/domain';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The request body as the OpenAPI document shows it, where the route cannot validate it with that schema
     * itself: a multipart upload (read as a stream), or a design form whose schema depends on the game's settings
     * (the service validates it once the game is loaded). Only the document reads it.
     */
    documentedBody?: ZodType;
    /** Answers that are not JSON (files, redirects, 304), as OpenAPI response objects; only the document reads them. */
    documentedResponses?: Record<number, object>;
  }
}

type DocumentedSchema = FastifySchema & { security?: unknown[]; hide?: boolean; response?: Record<string, unknown> };

/**
 * Documents the error answers every route of a kind can give, in the one error shape, so no route has to list
 * them: 400, 413 and 415 on every route (the framework's refusals: text no column can store anywhere in the path
 * or query — plugins/request-guard.ts — or invalid params, query or body; a body too large or of a type no
 * parser takes, which any request may send); 401 for a route that needs a signed-in caller (`security`); 429 for a rate-limited
 * route; and on every route 500 (INTERNAL, an unexpected fault) and 503 (SERVICE_UNAVAILABLE, a part the server
 * needs is down). A route lists its own others (403, 404, 409…) itself.
 */
export function documentCommonErrors(route: RouteOptions): void {
  const schema = route.schema as DocumentedSchema | undefined;
  if (!schema || schema.hide) return;
  const response = (schema.response ??= {});
  const add = (status: number) => {
    if (!(status in response)) response[status] = errorBodySchema;
  };
  for (const status of [400, 413, 415]) add(status);
  if (schema.security?.length) add(401);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) add(429);
  for (const status of [500, 503]) add(status);
}

/** The zod provider's transform for @fastify/swagger, with a route's `documentedBody` shown as its body. */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const { documentedBody, documentedResponses, ...schema } = (input.schema ?? {}) as FastifySchema;
  const transformed = jsonSchemaTransform({
    ...input,
    schema: documentedBody ? { ...schema, body: documentedBody } : schema,
  });
  const response = { ...(transformed.schema.response as object | undefined), ...documentedResponses };
  return { ...transformed, schema: { ...transformed.schema, response: allowNullInNullableEnums(response) } };
};

/**
 * OpenAPI 3.0 says `nullable: true` does not let null through an `enum` that does not list it; zod writes nullable
 * enums that way, so null is added to such enums (a client generated from the document accepts the nulls sent).
 */
function allowNullInNullableEnums<T>(value: T): T {
  if (Array.isArray(value)) return value.map(allowNullInNullableEnums) as T;
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, item]) => [key, allowNullInNullableEnums(item)]);
  const node = Object.fromEntries(entries) as { nullable?: boolean; enum?: unknown[] };
  if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...node.enum, null];
  return node as T;
}

/**
 * The answers of a route that sends a file of `mediaTypes`: 200, and unless `whole` (a file made for the request)
 * 206 for a byte range and 304 when the client's copy is current.
 */
export function fileAnswers(mediaTypes: string[], { whole = false } = {}): Record<number, object> {
  const content = Object.fromEntries(
    mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
  );
  if (whole) return { 200: { description: 'The file', content } };
  return {
    200: { description: 'The file', content },
    206: { description: 'The byte range asked for (Range)', content },
    304: { description: 'Not modified since the ETag or date the client holds' },
  };
}

/** A file part of a multipart body, as the document shows it (`type: string, format: binary`). */
export const uploadedFileSchema = z.file();

/** A multipart body of files under any field name (each file part is read; other fields are ignored). */
export const multipartFilesBody = (description: string) =>
  z.object({ file: z.array(uploadedFileSchema).meta({ description }) });

/** The error answers of a route's statuses, for its `schema.response`: `{ ...errorAnswers(403, 404) }`. */
export function errorAnswers<const S extends number[]>(...statuses: S): { [K in S[number]]: typeof errorBodySchema } {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as never;
}
