import { TOKEN_STORAGE_KEY, type Role, type User } from '@loci/domain';

function base64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** An (unsigned) access token with Loci's claims; the browser only decodes it. */
export function makeToken(
  overrides: { role?: Role; name?: string; email?: string; id?: string; expiresIn?: number } = {},
): string {
  const id = overrides.id ?? 'u1';
  const claims = {
    sub: id,
    id,
    name: overrides.name ?? 'Dana Designer',
    email: overrides.email ?? 'dana@example.com',
    role: overrides.role ?? 'designer',
    exp: Math.floor(Date.now() / 1000) + (overrides.expiresIn ?? 3600),
  };
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;
}

/** Stores a token as a signed-in browser would have it. */
export function signIn(overrides: Parameters<typeof makeToken>[0] = {}): string {
  const token = makeToken(overrides);
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  return token;
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    name: 'Dana Designer',
    email: 'dana@example.com',
    role: 'designer',
    roleRequest: null,
    facebookId: null,
    googleId: null,
    appleId: null,
    confirmed: true,
    createdAt: '2024-03-01T10:00:00.000Z',
    birthDate: null,
    sex: null,
    photoUri: null,
    language: null,
    ...overrides,
    _id: overrides._id ?? overrides.id ?? 'u1',
  };
}
