import { and, eq, sql } from 'drizzle-orm';
import {
  CONFIRM_LINK_TTL_SECONDS,
  FRONTEND_BASE_PATH,
  RESET_LINK_TTL_SECONDS,
  RETURN_PATH_PARAM,
  safeReturnPath,
  USER_MESSAGES,
  type ConfirmResult,
} from '@loci/domain';
import type { forgotChangeSchema, loginSchema, registerSchema } from '@loci/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { users, type UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, fail } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { LinkPurpose } from '../../lib/tokens.js';
import { findUserByEmail, findUserById, revokeTokens } from '../account/service.js';
import { confirmationMail, passwordResetMail } from './mails.js';

type RegisterValues = z.output<typeof registerSchema>;
type LoginValues = z.output<typeof loginSchema>;
type ForgotChangeValues = z.output<typeof forgotChangeSchema>;

const emailTaken = () => fail.validation({ email: USER_MESSAGES.emailTaken });
const emailNotFound = () =>
  new AppError('NOT_FOUND', USER_MESSAGES.emailNotFound, {
    errors: { emailnotfound: USER_MESSAGES.emailNotFound },
    extra: { success: false },
  });

/** A console address carrying a signed `msg`/`mac` pair for this user. */
function signedLink({
  ctx,
  user,
  purpose,
  page,
  ttlSeconds,
  returnTo,
}: {
  ctx: AppContext;
  user: UserRow;
  purpose: LinkPurpose;
  page: string;
  ttlSeconds: number;
  /** A console path the page sends the person on to afterwards (kept only when safe). */
  returnTo?: string | undefined;
}): string {
  const exp = Math.floor(ctx.now().getTime() / 1000) + ttlSeconds;
  const { msg, mac } = ctx.links.sign({ purpose, userId: user.id, exp, v: user.credentialsVersion });
  const query = new URLSearchParams({ msg, mac });
  const next = safeReturnPath(returnTo);
  if (next) query.set(RETURN_PATH_PARAM, next);
  return `${ctx.config.publicUrl}${FRONTEND_BASE_PATH}/${page}?${query.toString()}`;
}

/**
 * Mails the 48-hour confirmation link (with the path to come back to after
 * signing in, when the person signed up from a share link). Throws when the
 * mail cannot be sent.
 */
export async function sendConfirmationMail({
  ctx,
  user,
  returnTo,
}: {
  ctx: AppContext;
  user: UserRow;
  returnTo?: string | undefined;
}): Promise<void> {
  const link = signedLink({
    ctx,
    user,
    purpose: 'confirm',
    page: 'confirmemail',
    ttlSeconds: CONFIRM_LINK_TTL_SECONDS,
    returnTo,
  });
  await ctx.mailer.send(confirmationMail({ to: user.email, name: user.name, link }));
}

/**
 * Creates an unconfirmed player account and mails its confirmation link. The
 * account is stored by one insert; a mail failure is logged and does not undo
 * it, since the person can ask for the mail again (POST /api/users/resend).
 */
export async function registerUser({ ctx, values }: { ctx: AppContext; values: RegisterValues }): Promise<UserRow> {
  if (await findUserByEmail({ ctx, email: values.email })) throw emailTaken();
  const passwordHash = await hashPassword(values.password);
  const now = ctx.now();
  let user: UserRow | undefined;
  try {
    [user] = await ctx.db
      .insert(users)
      .values({ name: values.name, email: values.email, passwordHash, role: 'player', createdAt: now, updatedAt: now })
      .returning();
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides.
    if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken();
    throw error;
  }
  if (!user) throw new Error('insert returned no row');
  try {
    await sendConfirmationMail({ ctx, user, returnTo: values.returnTo });
  } catch (error) {
    ctx.log.error({ err: error, userId: user.id }, 'could not send the confirmation mail after sign-up');
  }
  return user;
}

/** Checks email and password and returns a fresh access token. */
export async function loginUser({ ctx, values }: { ctx: AppContext; values: LoginValues }): Promise<string> {
  const user = await findUserByEmail({ ctx, email: values.email });
  if (!user)
    throw new AppError('NOT_FOUND', USER_MESSAGES.emailNotFound, {
      errors: { emailnotfound: USER_MESSAGES.emailNotFound },
    });
  if (!user.passwordHash)
    throw fail.validation({ passwordincorrect: USER_MESSAGES.socialOnly }, USER_MESSAGES.socialOnly);
  if (!(await verifyPassword(user.passwordHash, values.password))) {
    throw fail.validation({ passwordincorrect: USER_MESSAGES.passwordIncorrect }, USER_MESSAGES.passwordIncorrect);
  }
  // Only told after the password is verified, so that it reveals nothing to a stranger.
  if (!user.confirmedAt) throw new AppError('PENDING_CONFIRMATION', USER_MESSAGES.pendingConfirmation);
  return ctx.tokens.sign(user);
}

/** Confirms the address a confirmation link was sent to. Following a link twice succeeds twice. */
export async function confirmEmail({
  ctx,
  msg,
  mac,
}: {
  ctx: AppContext;
  msg: string;
  mac: string;
}): Promise<ConfirmResult> {
  const now = ctx.now();
  const check = ctx.links.check(msg, mac, 'confirm', now);
  if (!check.ok) return check.reason;
  try {
    const user = await findUserById({ ctx, id: check.payload.userId });
    if (!user) return 'VALIDATION_FAILED';
    if (!user.confirmedAt) {
      await ctx.db.update(users).set({ confirmedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    }
    return 'CONFIRMATION_SUCCESS';
  } catch (error) {
    ctx.log.error({ err: error }, 'email confirmation failed');
    return 'VALIDATION_GENERALERROR';
  }
}

/** Mails the confirmation link again to an account that is not confirmed yet. */
export async function resendConfirmation({ ctx, email }: { ctx: AppContext; email: string }): Promise<void> {
  const user = await findUserByEmail({ ctx, email });
  if (!user) throw emailNotFound();
  if (user.confirmedAt) {
    throw new AppError('CONFLICT', USER_MESSAGES.alreadyConfirmed, {
      errors: { email: USER_MESSAGES.alreadyConfirmed },
      extra: { success: false },
    });
  }
  await sendOrFail(() => sendConfirmationMail({ ctx, user }), ctx, user);
}

/** Mails a one-hour, one-use password-reset link. */
export async function requestPasswordReset({ ctx, email }: { ctx: AppContext; email: string }): Promise<void> {
  const user = await findUserByEmail({ ctx, email });
  if (!user) throw emailNotFound();
  const link = signedLink({ ctx, user, purpose: 'reset', page: 'forgotchange', ttlSeconds: RESET_LINK_TTL_SECONDS });
  await sendOrFail(() => ctx.mailer.send(passwordResetMail({ to: user.email, name: user.name, link })), ctx, user);
}

async function sendOrFail(send: () => Promise<void>, ctx: AppContext, user: UserRow): Promise<void> {
  try {
    await send();
  } catch (error) {
    ctx.log.error({ err: error, userId: user.id }, 'could not send mail');
    throw new AppError('INTERNAL', USER_MESSAGES.mailFailed, {
      errors: { generalError: USER_MESSAGES.mailFailed },
      extra: { success: false },
    });
  }
}

function resetLinkError(result: 'VALIDATION_EXPIRED' | 'VALIDATION_FAILED'): AppError {
  const message = result === 'VALIDATION_EXPIRED' ? USER_MESSAGES.resetLinkExpired : USER_MESSAGES.resetLinkInvalid;
  return new AppError('VALIDATION', message, { extra: { success: false, result } });
}

/**
 * Sets a new password from a reset link. The link names the credentials
 * version it was issued against; changing the password bumps it, so the
 * link (and any older one) works once. It also confirms the address, since
 * following the link proves the person reads that mailbox.
 */
export async function resetPassword({ ctx, values }: { ctx: AppContext; values: ForgotChangeValues }): Promise<void> {
  const now = ctx.now();
  const check = ctx.links.check(values.msg, values.mac, 'reset', now);
  if (!check.ok) throw resetLinkError(check.reason);
  const { userId, v } = check.payload;
  if (typeof v !== 'number') throw resetLinkError('VALIDATION_FAILED');
  const passwordHash = await hashPassword(values.p1);
  const [updated] = await ctx.db
    .update(users)
    .set({
      passwordHash,
      credentialsVersion: sql`${users.credentialsVersion} + 1`,
      // Whoever had the old password may hold a token: it stops working too.
      ...revokeTokens(),
      confirmedAt: sql`coalesce(${users.confirmedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    // Compare-and-set: of two uses of one link, racing or not, only the first matches.
    .where(and(eq(users.id, userId), eq(users.credentialsVersion, v)))
    .returning({ id: users.id });
  if (updated) return ctx.realtime.disconnectUser(userId);
  // The account is gone, or the link was used or superseded by a later password change.
  throw resetLinkError((await findUserById({ ctx, id: userId })) ? 'VALIDATION_EXPIRED' : 'VALIDATION_FAILED');
}
