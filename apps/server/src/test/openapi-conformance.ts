import { appendFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The parts of an OpenAPI 3 document the check reads. */
interface OpenApiResponse {
  content?: Record<string, { schema?: object }>;
}
interface OpenApiDocument {
  paths?: Record<string, Record<string, { responses?: Record<string, OpenApiResponse> }>>;
}

/** One answer that the document does not describe. */
export interface Mismatch {
  request: string;
  problem: string;
}

/**
 * Checks every answer the app sends against its own OpenAPI document (`app.swagger()`): the status is one the
 * route documents, an answer with a body has a content type the route documents for that status, and a JSON
 * body validates (ajv) against the documented schema. The test app builder registers `onSend` as the app's
 * hook, so every API test contributes; its mismatches fail the test file when the app closes.
 */
export function createConformanceCheck(document: () => OpenApiDocument) {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  addFormats.default(ajv);
  const validators = new Map<string, ValidateFunction>();
  const mismatches: Mismatch[] = [];

  const validatorOf = (key: string, schema: object) => {
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile(schema);
      validators.set(key, validate);
    }
    return validate;
  };

  function check(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const route = request.routeOptions;
    // Not a route (the not-found handler), or one the document leaves out on purpose (the console, /openapi.json).
    if (!route.url || (route.schema as { hide?: boolean } | undefined)?.hide) return;
    const method = request.method === 'HEAD' ? 'get' : request.method.toLowerCase();
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const status = reply.statusCode;
    const name = `${request.method} ${path} → ${status}`;
    const fail = (problem: string) => {
      mismatches.push({ request: name, problem });
      // A run over many files can gather every mismatch in one file as they happen.
      if (process.env.LOCI_CONFORMANCE_LOG) appendFileSync(process.env.LOCI_CONFORMANCE_LOG, `${name}: ${problem}\n`);
    };
    const operation = document().paths?.[path]?.[method];
    if (!operation) return fail('the route is not in the document');
    const responses = operation.responses ?? {};
    const documented = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    if (!documented) return fail(`the status is not documented (documented: ${Object.keys(responses).join(', ')})`);

    const hasBody = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload.length > 0 : payload != null;
    // 204 and 304 carry no body, whatever was handed to send (a file's stream for a 304).
    if (!hasBody || request.method === 'HEAD' || status === 204 || status === 304) return;
    const contentType = reply.getHeader('content-type');
    if (contentType === undefined) return fail('an answer with a body has no Content-Type');
    const mediaType = String(contentType).split(';')[0]!.trim().toLowerCase();
    const content = documented.content;
    if (!content) return;
    const entry = content[mediaType] ?? content[`${mediaType.split('/')[0]}/*`] ?? content['*/*'];
    if (!entry) return fail(`the content type ${mediaType} is not documented (${Object.keys(content).join(', ')})`);
    if (!entry.schema || !mediaType.endsWith('json') || typeof payload === 'object') return;
    let body: unknown;
    try {
      body = JSON.parse(String(payload));
    } catch {
      return fail('the body is not JSON');
    }
    const validate = validatorOf(`${method} ${path} ${status} ${mediaType}`, entry.schema);
    if (!validate(body)) {
      const error = validate.errors?.[0];
      fail(
        `the body does not match the schema: ${error?.instancePath || '/'} ${error?.message} ${JSON.stringify(error?.params)}`,
      );
    }
  }

  return {
    mismatches,
    /** The app's onSend hook: checks the answer, leaves it as it is. */
    async onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      check(request, reply, payload);
      return payload;
    },
    /** Throws when any answer did not conform (each request and what was wrong, once). */
    assertConforms(): void {
      if (mismatches.length === 0) return;
      const lines = [...new Set(mismatches.map((m) => `${m.request}: ${m.problem}`))];
      throw new Error(`Answers not described by the OpenAPI document:\n${lines.join('\n')}`);
    },
  };
}
