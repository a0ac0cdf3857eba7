import Negotiator from 'negotiator';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INTERFACE_LANGUAGES, translateDomainMessage, type InterfaceLanguage } from '@loci/domain';

/**
 * The language of the API's messages to this request: the signed-in account's choice (account page), else the
 * best of the Accept-Language header the product speaks, else English.
 */
export function answerLanguage(request: FastifyRequest): InterfaceLanguage {
  const chosen = request.currentUser?.language;
  if (chosen) return chosen;
  const best = new Negotiator(request.raw).language([...INTERFACE_LANGUAGES]);
  return (INTERFACE_LANGUAGES as readonly string[]).includes(best ?? '') ? (best as InterfaceLanguage) : 'en';
}

interface MessageBody {
  message: string;
  errors?: unknown;
}

const isMessageBody = (payload: unknown): payload is MessageBody =>
  typeof payload === 'object' && payload !== null && typeof (payload as MessageBody).message === 'string';

/** An error body with its message and field errors in `language` (the catalogue's texts; others as they are). */
export function translateErrorBody<T extends MessageBody>(body: T, language: InterfaceLanguage): T {
  if (language === 'en') return body;
  const { errors } = body;
  const translatedErrors =
    typeof errors === 'object' && errors !== null && !Array.isArray(errors)
      ? Object.fromEntries(
          Object.entries(errors).map(([field, text]) => [
            field,
            typeof text === 'string' ? translateDomainMessage(text, language) : text,
          ]),
        )
      : errors;
  return {
    ...body,
    message: translateDomainMessage(body.message, language),
    ...(errors === undefined ? {} : { errors: translatedErrors }),
  };
}

/**
 * Every error answer (status 400 and up, a `{ message, errors? }` body: the central error handler's, the
 * not-found handler's and a route's own) speaks the caller's language. English answers are left untouched.
 */
export function registerAnswerLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (reply.statusCode < 400 || !isMessageBody(payload)) return payload;
    const vary = reply.getHeader('vary');
    void reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
    const language = answerLanguage(request);
    void reply.header('content-language', language);
    return translateErrorBody(payload, language);
  });
}
