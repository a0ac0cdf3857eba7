import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGE_LIMITS, PLAY_MESSAGES } from '@loci/domain';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import { AppError } from './errors.js';
import type { Limiter, LimiterFactory, LimitRate } from './limiter.js';

/**
 * Wrong play passcodes (docs/security.md "Passcodes"): an account may get a
 * few wrong, an address a few more (several people behind one school's
 * network); then one more a minute per account. The six-digit space takes
 * years to walk at that rate.
 */
export const WRONG_PASSCODE_RATES = {
  account: { burst: 10, perMinute: 1 },
  address: { burst: 30, perMinute: 3 },
} as const satisfies Record<string, LimitRate>;

/** Codes typed to join a game, per account: enough for typos, too few to guess the passcodes of other games. */
export const JOIN_CODES_PER_MINUTE = 10;

/**
 * The limits that guard secrets, shared by every route that takes one (and,
 * with Redis, by every process: docs/deployment.md "Limits shared through Redis").
 */
export interface SecretLimits {
  wrongPasscodes: { account: Limiter; address: Limiter };
  /** Codes tried at /play/join-code, per account. */
  joinCodes: Limiter;
  /** Socket handshakes (each checks a token), per client address. */
  handshakes: Limiter;
  /** Players' messages (issue 29, MESSAGE_LIMITS), per account and instance. */
  messages: Limiter;
}

/** The app's secret limits, from its limiter factory (memory, or Redis when configured). */
export function createSecretLimits(
  limiter: LimiterFactory,
  limits: Pick<Config['limits'], 'handshakesPerMinute'>,
): SecretLimits {
  return {
    wrongPasscodes: {
      account: limiter('passcode-account', WRONG_PASSCODE_RATES.account),
      address: limiter('passcode-address', WRONG_PASSCODE_RATES.address),
    },
    joinCodes: limiter('join-code', { burst: JOIN_CODES_PER_MINUTE, perMinute: JOIN_CODES_PER_MINUTE }),
    handshakes: limiter('handshake', { burst: limits.handshakesPerMinute, perMinute: limits.handshakesPerMinute }),
    messages: limiter('messages', { burst: MESSAGE_LIMITS.burst, perMinute: MESSAGE_LIMITS.perMinute }),
  };
}

/**
 * Runs a call that checks a passcode: refused first with 429 and
 * Retry-After when the account or the address has no wrong passcode left
 * (even a right one: else the guess that hits would still be answered);
 * a wrong passcode (`isWrong` of what the call threw) is counted against both.
 */
export async function withPasscodeTries<T>({
  ctx,
  request,
  reply,
  userId,
  isWrong,
  run,
}: {
  ctx: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
  userId: string;
  isWrong: (error: unknown) => boolean;
  run: () => Promise<T>;
}): Promise<T> {
  const { account, address } = ctx.limits.wrongPasscodes;
  const checks = await Promise.all([account.check(userId), address.check(request.ip)]);
  const waitMs = Math.max(...checks.map((check) => (check.ok ? 0 : check.retryAfterMs)));
  if (waitMs > 0) {
    reply.header('retry-after', Math.ceil(waitMs / 1000));
    throw new AppError('RATE_LIMITED', PLAY_MESSAGES.tooManyPasscodes);
  }
  try {
    return await run();
  } catch (error) {
    if (isWrong(error)) await Promise.all([account.take(userId), address.take(request.ip)]);
    throw error;
  }
}
