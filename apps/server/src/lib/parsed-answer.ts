/**
 * For a route whose answer schema reads leniently through transforms (the
 * design entities' published schemas, `designEntityAnswerSchema`): its handler
 * parses the answer through that schema, so fastify has only to write it out.
 * (The zod serializer encodes an answer back through its schema, and a
 * transform cannot be run backwards.) The schema still documents the answer.
 */
export const PARSED_ANSWER = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
} as const;

/**
 * For a hot route whose answer its handler builds to the schema's own types (the start's answer: a player's whole
 * view, 43 KB in bench/city's game): written out as it is instead of encoded back through the schema first,
 * which cost a start a twentieth of its CPU (bench/README.md "start-storm"). The schema still documents the
 * answer, and the tests check every answer against the OpenAPI document (test/openapi-conformance.ts).
 */
export const TYPED_ANSWER = PARSED_ANSWER;
