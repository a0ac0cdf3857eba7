import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq, sql } from 'drizzle-orm';
import { ERROR_MESSAGES, type InterfaceLanguage, type Role, type TokenClaims } from '@loci/domain';
import type { AppContext } from '../context.js';
import { users } from '../db/schema.js';
import { fail } from '../lib/errors.js';

/** The caller as read from the database on each request, so roles and deletions take effect at once. */
export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** The interface language the account chose (its API messages' language), or null. */
  language?: InterfaceLanguage | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null. Set from the bearer token before every handler. */
    currentUser: CurrentUser | null;
    /**
     * On a route whose config sets `deferAccountLookup`: the verified claims of
     * the bearer token, whose account the route reads itself (in the same
     * statement as its own data, see play's events); `currentUser` stays null.
     */
    tokenClaims: TokenClaims | null;
  }
  interface FastifyContextConfig {
    /** The route reads the caller's account itself from `request.tokenClaims` (one round trip fewer). */
    deferAccountLookup?: boolean;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** Who a token signs in, and until when (seconds since the epoch, the token's `exp`). */
export interface Session {
  user: CurrentUser;
  expiresAt: number;
}

/**
 * Reads the session of an access token: its claims, then the account it names,
 * from the database on each call so that roles, deletions and revocations
 * take effect at once (the token's own `role` claim is never used). A token
 * whose version (`tv`) is older than the account's was revoked (sign out
 * everywhere, password change or reset) and signs in nobody. The HTTP requests
 * and the socket handshakes and watches all use it.
 */
export function createSessionReader(ctx: AppContext): (token: string) => Promise<Session | null> {
  // Built once and prepared: this runs before every signed-in call (a playing app sends one per step).
  const findUser = ctx.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      language: users.language,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_current_user');
  return async (token) => {
    const claims = await ctx.tokens.verify(token);
    if (!claims) return null;
    const [row] = await findUser.execute({ id: claims.id });
    if (!row || row.tokenVersion !== (claims.tv ?? 0)) return null;
    return {
      user: { id: row.id, name: row.name, email: row.email, role: row.role, language: row.language },
      expiresAt: claims.exp,
    };
  };
}

/** Reads the bearer token on every request into `request.currentUser`. */
export const authPlugin = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('tokenClaims', null);
  const readSession = createSessionReader(ctx);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) return;
    if (request.routeOptions.config.deferAccountLookup) {
      // The route checks the account (it exists, and the token's version is still its own) in its own read.
      request.tokenClaims = await ctx.tokens.verify(token);
      return;
    }
    request.currentUser = (await readSession(token))?.user ?? null;
  });
});

/** The signed-in caller, or a 401. */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw fail.unauthenticated();
  return request.currentUser;
}

/** The signed-in admin, or a 401 / 403. */
export function requireAdmin(request: FastifyRequest): CurrentUser {
  const user = requireUser(request);
  if (user.role !== 'admin') throw fail.forbidden(ERROR_MESSAGES.adminOnly);
  return user;
}
