import { ROLES, TOKEN_STORAGE_KEY, type Role } from '@loci/domain';
import { decodeJwt } from 'jose';

/** The signed-in user as the token tells it, before the account call answers. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

export interface Session {
  token: string;
  user: SessionUser;
  /** Expiry in epoch milliseconds, if the token has one. */
  expiresAt: number | undefined;
}

/** Decodes a token (without verifying it: the server does that); null if it is not a JWT. */
export function decodeSession(token: string): Session | null {
  try {
    const claims = decodeJwt(token) as Record<string, unknown>;
    const role = ROLES.includes(claims.role as Role) ? (claims.role as Role) : 'player';
    const asText = (value: unknown) => (typeof value === 'string' ? value : '');
    return {
      token,
      user: {
        id: asText(claims.id) || asText(claims.sub),
        name: asText(claims.name),
        email: asText(claims.email),
        role,
      },
      expiresAt: typeof claims.exp === 'number' ? claims.exp * 1000 : undefined,
    };
  } catch {
    return null;
  }
}

export function isExpired(session: Session, now = Date.now()): boolean {
  return session.expiresAt !== undefined && session.expiresAt <= now;
}

/** Reads the stored token; an unreadable or expired one is removed. */
export function loadStoredSession(): { session: Session | null; expired: boolean } {
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (!token) return { session: null, expired: false };
  const session = decodeSession(token);
  if (!session || isExpired(session)) {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    return { session: null, expired: true };
  }
  return { session, expired: false };
}

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function removeToken(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
}
