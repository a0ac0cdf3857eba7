import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  DEBUG_MESSAGES,
  socketioTestAnswerSchema,
  socketioTestBodySchema,
  toFieldErrors,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { requireUser } from '../../plugins/auth.js';
import { sendDebugEvent } from './service.js';

/** The debugging tools page's fake realtime event (spec 3 §2, §7). */
export async function debugRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/users/socketio-test',
    {
      schema: {
        tags: ['debug'],
        security: [{ bearerAuth: [] }],
        summary:
          'Emit a fake realtime event named `message` with `payload` to a room (own user room, managed instance, any for admins)',
        body: socketioTestBodySchema,
        response: {
          200: socketioTestAnswerSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
      // Checked in the handler, so that a refusal reads as the page's own message (spec 3 §8).
      attachValidation: true,
    },
    async (request) => {
      const user = requireUser(request);
      if (request.validationError) {
        const parsed = socketioTestBodySchema.safeParse(request.body);
        const errors = parsed.success
          ? { generalError: request.validationError.message }
          : toFieldErrors(parsed.error.issues);
        throw fail.validation(errors, DEBUG_MESSAGES.payloadValidation);
      }
      return sendDebugEvent({ ctx, user, body: request.body });
    },
  );
}
