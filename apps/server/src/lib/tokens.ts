import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { tokenClaimsSchema, type Role, type TokenClaims } from '@loci/domain';

/** Signs and verifies Loci's access tokens (HS256 JWT). */
export interface TokenService {
  /** A token for the user; `tokenVersion` is the account's current one (a later one revokes the token). */
  sign(user: { id: string; name: string; email: string; role: Role; tokenVersion: number }): Promise<string>;
  /** The token's claims, or null when it is missing, forged or expired. */
  verify(token: string): Promise<TokenClaims | null>;
}

/** Creates the access-token service for a secret and an expiry like '7d'. */
export function createTokenService(secret: string, expiresIn: string): TokenService {
  const key = new TextEncoder().encode(secret);
  /**
   * Tokens already verified, until they expire. A token never changes, so its
   * signature needs checking once; every call of a playing app (one per step
   * of the walk) would otherwise pay the HMAC again. Bounded: the oldest entry
   * leaves first. Who the token names, and whether the token was revoked since,
   * is still read from the database on every request (plugins/auth.ts).
   */
  const verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  const VERIFIED_MAX = 10_000;
  return {
    async sign(user) {
      return new SignJWT({ id: user.id, name: user.name, email: user.email, role: user.role, tv: user.tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAt) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const claims = tokenClaimsSchema.safeParse(payload);
        if (!claims.success) return null;
        if (typeof payload.exp === 'number') {
          if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
          verified.set(token, { claims: claims.data, expiresAt: payload.exp * 1000 });
        }
        return claims.data;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}

export type LinkPurpose = 'confirm' | 'reset';

/** What a signed link carries: who, what for, until when, and the credentials version it was issued against. */
export interface LinkPayload {
  purpose: LinkPurpose;
  userId: string;
  /** Seconds since the epoch. */
  exp: number;
  /** The user's credentials version when issued; a reset link stops working once the password changed. */
  v: number;
}

export type LinkCheck =
  { ok: true; payload: LinkPayload } | { ok: false; reason: 'VALIDATION_FAILED' | 'VALIDATION_EXPIRED' };

/**
 * Confirmation and reset links carry `msg` (the base64url JSON payload with its
 * expiry) and `mac` (an HMAC-SHA256 of msg under the server secret).
 */
export function createLinkSigner(secret: string) {
  const macOf = (msg: string) => createHmac('sha256', `${secret}:links`).update(msg).digest('base64url');
  return {
    sign(payload: LinkPayload): { msg: string; mac: string } {
      const msg = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return { msg, mac: macOf(msg) };
    },
    check(msg: string, mac: string, purpose: LinkPurpose, now: Date): LinkCheck {
      const expected = Buffer.from(macOf(msg));
      const given = Buffer.from(mac);
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        return { ok: false, reason: 'VALIDATION_FAILED' };
      let payload: LinkPayload;
      try {
        payload = JSON.parse(Buffer.from(msg, 'base64url').toString('utf8')) as LinkPayload;
      } catch {
        return { ok: false, reason: 'VALIDATION_FAILED' };
      }
      if (payload.purpose !== purpose || typeof payload.userId !== 'string' || typeof payload.exp !== 'number') {
        return { ok: false, reason: 'VALIDATION_FAILED' };
      }
      if (payload.exp * 1000 < now.getTime()) return { ok: false, reason: 'VALIDATION_EXPIRED' };
      return { ok: true, payload };
    },
  };
}
export type LinkSigner = ReturnType<typeof createLinkSigner>;
