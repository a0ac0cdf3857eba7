import Negotiator from 'negotiator';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import {
  INTERFACE_LANGUAGES,
  isDomainTextRef,
  renderDomainText,
  translateDomainMessage,
  type InterfaceLanguage,
} from '@loci/domain';
import { MESSAGE_TEXT } from './errors.js';

/**
 * The language of the API's messages to this request: the signed-in account's choice (account page), else the
 * best of the Accept-Language header the product speaks, else English.
 */
export function answerLanguage(request: FastifyRequest): InterfaceLanguage {
  return languageFor(request.currentUser?.language, request.raw);
}

/** The account's language when it chose one, else the best of the request's Accept-Language, else English. */
export function languageFor(
  chosen: InterfaceLanguage | null | undefined,
  request: Pick<IncomingMessage, 'headers'>,
): InterfaceLanguage {
  if (chosen) return chosen;
  const best = new Negotiator(request).language([...INTERFACE_LANGUAGES]);
  return (INTERFACE_LANGUAGES as readonly string[]).includes(best ?? '') ? (best as InterfaceLanguage) : 'en';
}

interface MessageBody {
  message: string;
  errors?: unknown;
  /** The publish gate's findings (each with its `messageKey` and `params`). */
  problems?: unknown;
  [MESSAGE_TEXT]?: unknown;
}

interface KeyedProblem {
  message: string;
  messageKey: string;
  params: unknown;
}

const isKeyedProblem = (value: unknown): value is KeyedProblem =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as KeyedProblem).messageKey === 'string' &&
  typeof (value as KeyedProblem).message === 'string';

/** A design finding's sentence in `language` (its key in PROBLEM_MESSAGES and its parameters). */
export function problemMessageIn(problem: KeyedProblem, language: InterfaceLanguage): string {
  const ref = { group: 'PROBLEM_MESSAGES', key: problem.messageKey, args: [problem.params] };
  return isDomainTextRef(ref) ? renderDomainText(ref, language) : problem.message;
}

const isMessageBody = (payload: unknown): payload is MessageBody =>
  typeof payload === 'object' && payload !== null && typeof (payload as MessageBody).message === 'string';

/** An error body with its message and field errors in `language` (the catalogue's texts; others as they are). */
export function translateErrorBody<T extends MessageBody>(body: T, language: InterfaceLanguage): T {
  if (language === 'en') return body;
  const { errors, problems } = body;
  // The findings of the publish gate: each said from its key; their field errors (`problems.{n}`) with them.
  const translatedProblems = Array.isArray(problems)
    ? problems.map((problem: unknown) =>
        isKeyedProblem(problem) ? { ...problem, message: problemMessageIn(problem, language) } : problem,
      )
    : undefined;
  const fieldText = (field: string, text: unknown) => {
    const problem = /^problems\.(\d+)$/.exec(field) && translatedProblems?.[Number(field.slice('problems.'.length))];
    if (isKeyedProblem(problem)) return problem.message;
    return typeof text === 'string' ? translateDomainMessage(text, language) : text;
  };
  const translatedErrors =
    typeof errors === 'object' && errors !== null && !Array.isArray(errors)
      ? Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, fieldText(field, text)]))
      : errors;
  const text = body[MESSAGE_TEXT];
  return {
    ...body,
    message: isDomainTextRef(text) ? renderDomainText(text, language) : translateDomainMessage(body.message, language),
    ...(errors === undefined ? {} : { errors: translatedErrors }),
    ...(translatedProblems === undefined ? {} : { problems: translatedProblems }),
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
