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
