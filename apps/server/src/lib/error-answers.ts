import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, ERROR_MESSAGES, REQUEST_MESSAGES, type ErrorBody, type ErrorCode } from '@loci/domain';

// The framework's own messages repeat the URL, the content type or the body it refused; these do not.
const FRAMEWORK_MESSAGES: Record<string, string> = REQUEST_MESSAGES;

const codeOfStatus = (status: number): ErrorCode =>
  (Object.keys(ERROR_CODES) as ErrorCode[]).find((code) => ERROR_CODES[code] === status) ?? 'VALIDATION';

/**
 * The answer to a request refused by the framework rather than by a route (not found, bad URL encoding,
 * malformed JSON, wrong content type, body too large…), in the API's error shape with a fixed message.
 */
export function clientErrorBody(status: number, error?: { code?: string; name?: string }): ErrorBody {
  const known = error?.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
  // The JSON parser throws a bare SyntaxError (with a 400 status), whose message quotes the body.
  const message =
    known ?? (error?.name === 'SyntaxError' ? FRAMEWORK_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY : undefined);
  return { message: message ?? STATUS_CODES[status] ?? ERROR_MESSAGES.refused, errorCode: codeOfStatus(status) };
}

/** Fastify's refusals made before a route is found: bad URL encoding, a path parameter too long. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  void reply.code(status).send(clientErrorBody(status, error));
}

/** Node's HTTP parser refused the request (headers too large, malformed): answer before closing the socket. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(clientErrorBody(status, error));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
