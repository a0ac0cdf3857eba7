import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmResponseSchema,
  emailOnlySchema,
  forgotChangeSchema,
  FRONTEND_BASE_PATH,
  jwtAsBodyResponseSchema,
  loginResponseSchema,
  loginSchema,
  providersResponseSchema,
  registerResponseSchema,
  registerSchema,
  signedLinkSchema,
  SOCIAL_COOKIE_MAX_AGE_SECONDS,
  SOCIAL_COOKIE_NAME,
  SOCIAL_PROVIDERS,
  successResponseSchema,
  USER_MESSAGES,
  type SocialProvider,
} from '@loci/domain';
import { errorAnswers } from '../../lib/openapi.js';
import type { AppContext } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { presentUser } from '../../presenters/user.js';
import {
  confirmEmail,
  loginUser,
  registerUser,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
} from './service.js';
import { describeSocialError, finishSocialSignIn, startSocialSignIn, type SocialChecks } from './social.js';

const tags = ['auth'];
/** Holds state, nonce and PKCE verifier between the redirect to the provider and the callback. */
const CHECKS_COOKIE = 'loci_oauth';
const CHECKS_MAX_AGE_SECONDS = 10 * 60;
const redirectSchema = z.null().describe('A redirect (302) to the location header');
const callbackQuerySchema = z.looseObject({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** Sign-up, sign-in (password and social), email confirmation and password recovery under /api/users. */
export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const rateLimited = { rateLimit: { max: ctx.config.rateLimit, timeWindow: '1 minute' } };
  const secureCookies = ctx.config.publicUrl.startsWith('https:');

  api.post(
    '/users/register',
    {
      config: rateLimited,
      schema: {
        tags,
        summary: 'Sign up; mails a confirmation link',
        body: registerSchema,
        response: { 201: registerResponseSchema, ...errorAnswers(409) },
      },
    },
    async (request, reply) => {
      const user = await registerUser({ ctx, values: request.body });
      return reply.status(201).send({ success: true as const, user: presentUser(user) });
    },
  );

  api.post(
    '/users/login',
    {
      config: rateLimited,
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: loginSchema,
        response: { 200: loginResponseSchema, ...errorAnswers(403, 404) },
      },
    },
    async (request) => ({ success: true as const, token: await loginUser({ ctx, values: request.body }) }),
  );

  api.post(
    '/users/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm an email address from its link',
        body: signedLinkSchema,
        response: { 200: confirmResponseSchema, ...errorAnswers(404) },
      },
    },
    async (request) => ({ result: await confirmEmail({ ctx, msg: request.body.msg, mac: request.body.mac }) }),
  );

  api.post(
    '/users/resend',
    {
      config: rateLimited,
      schema: {
        tags,
        summary: 'Mail the confirmation link again',
        body: emailOnlySchema,
        response: { 200: successResponseSchema, ...errorAnswers(404, 409, 500) },
      },
    },
    async (request) => {
      await resendConfirmation({ ctx, email: request.body.email });
      return { success: true as const };
    },
  );

  api.post(
    '/users/forgot',
    {
      config: rateLimited,
      schema: {
        tags,
        summary: 'Mail a password-reset link',
        body: emailOnlySchema,
        response: { 200: successResponseSchema, ...errorAnswers(404, 500) },
      },
    },
    async (request) => {
      await requestPasswordReset({ ctx, email: request.body.email });
      return { success: true as const };
    },
  );

  api.post(
    '/users/forgotchange',
    {
      schema: {
        tags,
        summary: 'Set a new password from a reset link',
        body: forgotChangeSchema,
        response: { 200: successResponseSchema, ...errorAnswers(404) },
      },
    },
    async (request) => {
      await resetPassword({ ctx, values: request.body });
      return { success: true as const };
    },
  );

  api.get(
    '/users/providers',
    { schema: { tags, summary: 'Which social sign-in buttons to show', response: { 200: providersResponseSchema } } },
    async () => ({ google: ctx.oidc.isConfigured('google'), facebook: ctx.oidc.isConfigured('facebook') }),
  );

  api.get(
    '/users/jwtAsBody',
    {
      schema: {
        tags,
        summary: 'Hand over the token a social sign-in left in its cookie',
        response: { 200: jwtAsBodyResponseSchema, ...errorAnswers(401) },
      },
    },
    async (request, reply) => {
      const token = request.cookies[SOCIAL_COOKIE_NAME];
      reply.clearCookie(SOCIAL_COOKIE_NAME, { path: '/' });
      if (!token || !(await ctx.tokens.verify(token))) throw fail.unauthenticated(USER_MESSAGES.socialTokenMissing);
      return { jwtToken: token };
    },
  );

  for (const provider of SOCIAL_PROVIDERS) {
    api.get(
      `/users/${provider}auth`,
      {
        schema: {
          tags,
          summary: `Start signing in with ${provider} (404 when it is not configured)`,
          response: { 302: redirectSchema, ...errorAnswers(404) },
        },
      },
      async (request, reply) => {
        if (!ctx.oidc.isConfigured(provider)) throw fail.notFound(USER_MESSAGES.providerNotConfigured);
        let started: Awaited<ReturnType<typeof startSocialSignIn>>;
        try {
          started = await startSocialSignIn({ ctx, provider });
        } catch (error) {
          return redirectWithError(reply, provider, error, request);
        }
        reply.setCookie(CHECKS_COOKIE, JSON.stringify(started.checks), {
          signed: true,
          httpOnly: true,
          secure: secureCookies,
          sameSite: 'lax',
          path: '/api/users',
          maxAge: CHECKS_MAX_AGE_SECONDS,
        });
        return reply.redirect(started.url);
      },
    );

    api.get(
      `/users/${provider}auth/callback`,
      {
        schema: {
          tags,
          summary: `Where ${provider} sends the browser back`,
          querystring: callbackQuerySchema,
          response: { 302: redirectSchema },
        },
      },
      async (request, reply) => {
        const checks = readChecks(request, provider);
        reply.clearCookie(CHECKS_COOKIE, { path: '/api/users' });
        try {
          if (!ctx.oidc.isConfigured(provider)) throw fail.notFound(USER_MESSAGES.providerNotConfigured);
          if (!checks) throw fail.validation({}, USER_MESSAGES.socialSessionExpired);
          const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
          const user = await finishSocialSignIn({ ctx, provider, query, checks });
          reply.setCookie(SOCIAL_COOKIE_NAME, await ctx.tokens.sign(user), {
            // The console reads it from document.cookie, so it cannot be httpOnly.
            httpOnly: false,
            secure: secureCookies,
            sameSite: 'lax',
            path: '/',
            maxAge: SOCIAL_COOKIE_MAX_AGE_SECONDS,
          });
          return reply.redirect(`${ctx.config.publicUrl}${FRONTEND_BASE_PATH}/socialredirect`);
        } catch (error) {
          return redirectWithError(reply, provider, error, request);
        }
      },
    );
  }

  function redirectWithError(reply: FastifyReply, provider: SocialProvider, error: unknown, request: FastifyRequest) {
    request.log.warn({ err: error, provider }, 'social sign-in failed');
    const message = encodeURIComponent(describeSocialError(provider, error));
    return reply.redirect(`${ctx.config.publicUrl}${FRONTEND_BASE_PATH}/socialredirect?error=${message}`);
  }
}

function readChecks(request: FastifyRequest, provider: SocialProvider): SocialChecks | undefined {
  const raw = request.cookies[CHECKS_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return undefined;
  try {
    const checks = JSON.parse(unsigned.value) as SocialChecks;
    return checks.provider === provider ? checks : undefined;
  } catch {
    return undefined;
  }
}
