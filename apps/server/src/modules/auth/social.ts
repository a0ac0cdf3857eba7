import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import { USER_MESSAGES, type SocialProvider } from '@loci/domain';
import type { AppContext } from '../../context.js';
import { users, type UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError } from '../../lib/errors.js';
import { findUserByEmail } from '../account/service.js';

/** What the browser keeps (in a signed cookie) between leaving for the provider and coming back. */
export interface SocialChecks {
  provider: SocialProvider;
  state: string;
  /** OpenID Connect only (Google); Facebook's OAuth 2.0 flow issues no ID token to bind it to. */
  nonce?: string;
  codeVerifier: string;
}

/** A person as a provider vouches for them. */
export interface SocialIdentity {
  subject: string;
  email: string;
  name: string | undefined;
}

const PROVIDER_LABELS: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };
// Facebook has no `profile` scope; its equivalent is `public_profile`. Its web login is not OpenID Connect.
const SCOPES: Record<SocialProvider, string> = {
  google: 'openid email profile',
  facebook: 'email public_profile',
};
const ID_COLUMNS = { google: 'googleId', facebook: 'facebookId' } as const satisfies Record<
  SocialProvider,
  keyof UserRow
>;
/** Shown when the person unticked the email permission, or has no email address at Facebook. */
export const FACEBOOK_NO_EMAIL_MESSAGE =
  'Facebook did not share an email address with Loci. Sign in again and allow access to your email address, or sign up with email and password.';

/** The provider's name as users know it. */
export function providerLabel(provider: SocialProvider): string {
  return PROVIDER_LABELS[provider];
}

/** The address the provider sends the browser back to; registered with the provider as the redirect URI. */
export function callbackUrl({ ctx, provider }: { ctx: AppContext; provider: SocialProvider }): string {
  return `${ctx.config.publicUrl}/api/users/${provider}auth/callback`;
}

/**
 * Builds the provider's authorization URL (code flow with PKCE and state, plus
 * a nonce for OpenID Connect) and the checks to keep.
 */
export async function startSocialSignIn({
  ctx,
  provider,
}: {
  ctx: AppContext;
  provider: SocialProvider;
}): Promise<{ url: string; checks: SocialChecks }> {
  const configuration = await ctx.oidc.get(provider);
  const checks: SocialChecks = {
    provider,
    state: client.randomState(),
    codeVerifier: client.randomPKCECodeVerifier(),
  };
  const parameters: Record<string, string> = {
    redirect_uri: callbackUrl({ ctx, provider }),
    scope: SCOPES[provider],
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
    state: checks.state,
  };
  if (provider === 'facebook') {
    // The email permission is required: ask again for it when it was declined last time.
    parameters.auth_type = 'rerequest';
  } else {
    checks.nonce = client.randomNonce();
    parameters.nonce = checks.nonce;
  }
  const url = client.buildAuthorizationUrl(configuration, parameters);
  return { url: url.href, checks };
}

/**
 * Completes the code flow (state and PKCE verified) and signs the person in to
 * their Loci account: by the verified ID token and userinfo for Google, by the
 * Graph API profile for Facebook.
 */
export async function finishSocialSignIn({
  ctx,
  provider,
  query,
  checks,
}: {
  ctx: AppContext;
  provider: SocialProvider;
  /** The callback's raw query string, exactly as the provider sent it. */
  query: string;
  checks: SocialChecks;
}): Promise<UserRow> {
  const configuration = await ctx.oidc.get(provider);
  const currentUrl = new URL(callbackUrl({ ctx, provider }));
  currentUrl.search = query;
  const identity =
    provider === 'facebook'
      ? await facebookIdentity({ ctx, configuration, currentUrl, checks })
      : await openIdIdentity({ configuration, currentUrl, checks });
  return signInWithSocialIdentity({ ctx, provider, identity });
}

/** OpenID Connect: verifies the signed ID token and reads the verified email (from it, else from userinfo). */
async function openIdIdentity({
  configuration,
  currentUrl,
  checks,
}: {
  configuration: client.Configuration;
  currentUrl: URL;
  checks: SocialChecks;
}): Promise<SocialIdentity> {
  if (!checks.nonce) throw new AppError('VALIDATION', USER_MESSAGES.socialSessionExpired);
  const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new AppError('VALIDATION', 'The provider sent no ID token');
  let profile: Record<string, unknown> = claims;
  if (typeof claims.email !== 'string') {
    profile = { ...(await client.fetchUserInfo(configuration, tokens.access_token, claims.sub)), ...claims };
  }
  const email = profile.email;
  // A provider that says the address is unverified must not be able to claim someone's account by it.
  if (
    typeof email !== 'string' ||
    email === '' ||
    profile.email_verified === false ||
    profile.email_verified === 'false'
  ) {
    throw new AppError('VALIDATION', USER_MESSAGES.socialNoEmail);
  }
  return { subject: claims.sub, email, name: cleanName(profile.name) };
}

/**
 * Facebook: OAuth 2.0 code exchange, then the Graph API's `/me` with the access
 * token (and its `appsecret_proof`, which apps requiring it insist on). Facebook
 * only returns an email address its owner has confirmed.
 */
async function facebookIdentity({
  ctx,
  configuration,
  currentUrl,
  checks,
}: {
  ctx: AppContext;
  configuration: client.Configuration;
  currentUrl: URL;
  checks: SocialChecks;
}): Promise<SocialIdentity> {
  const settings = ctx.config.oauth.facebook;
  if (!settings) throw new Error('facebook sign-in is not configured');
  const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
  });
  const profileUrl = new URL(settings.profileUrl);
  profileUrl.searchParams.set(
    'appsecret_proof',
    createHmac('sha256', settings.clientSecret).update(tokens.access_token).digest('hex'),
  );
  const response = await client.fetchProtectedResource(configuration, tokens.access_token, profileUrl, 'GET');
  if (!response.ok) throw new Error(`Facebook profile request answered ${response.status}: ${await response.text()}`);
  const profile = (await response.json()) as Record<string, unknown>;
  const id = typeof profile.id === 'number' ? String(profile.id) : profile.id;
  if (typeof id !== 'string' || id === '') throw new Error('Facebook profile has no id');
  const email = profile.email;
  if (typeof email !== 'string' || email.trim() === '') throw new AppError('VALIDATION', FACEBOOK_NO_EMAIL_MESSAGE);
  return { subject: id, email: email.trim(), name: cleanName(profile.name) };
}

function cleanName(name: unknown): string | undefined {
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : undefined;
}

/**
 * Finds the account for a provider identity: the one already linked to it,
 * else the one with its email (linking it and confirming the address), else
 * a new confirmed player account without a password.
 */
export async function signInWithSocialIdentity({
  ctx,
  provider,
  identity,
  retried = false,
}: {
  ctx: AppContext;
  provider: SocialProvider;
  identity: SocialIdentity;
  retried?: boolean;
}): Promise<UserRow> {
  const key = ID_COLUMNS[provider];
  const column = users[key];
  const [linked] = await ctx.db.select().from(users).where(eq(column, identity.subject)).limit(1);
  if (linked) return linked;

  const email = identity.email.toLowerCase();
  const now = ctx.now();
  const existing = await findUserByEmail({ ctx, email });
  if (existing) {
    if (existing[key] && existing[key] !== identity.subject)
      throw new AppError('CONFLICT', USER_MESSAGES.socialAccountMismatch);
    const [row] = await ctx.db
      .update(users)
      .set({
        [key]: identity.subject,
        confirmedAt: existing.confirmedAt ?? now,
        updatedAt: now,
        // Nobody had proved owning this mailbox, so the password set at sign-up may be a stranger's
        // (pre-registration takeover): drop it. The owner can set one with "forgot password".
        ...(existing.confirmedAt
          ? {}
          : { passwordHash: null, credentialsVersion: sql`${users.credentialsVersion} + 1` }),
      })
      .where(eq(users.id, existing.id))
      .returning();
    if (!row) throw new Error('account vanished while linking');
    return row;
  }

  try {
    const [row] = await ctx.db
      .insert(users)
      .values({
        name: identity.name ?? email.split('@')[0] ?? email,
        email,
        role: 'player',
        [key]: identity.subject,
        confirmedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  } catch (error) {
    // The same person finishing two sign-ins at once: the other one created the account.
    if (isUniqueViolation(error) && !retried)
      return signInWithSocialIdentity({ ctx, provider, identity, retried: true });
    throw error;
  }
}

/** A sentence for the console's social landing page, without leaking internals. */
export function describeSocialError(provider: SocialProvider, error: unknown): string {
  const label = providerLabel(provider);
  if (error instanceof client.AuthorizationResponseError) {
    return `Sign-in with ${label} was not completed: ${error.error_description ?? error.error}`;
  }
  if (error instanceof AppError) return `Sign-in with ${label} failed: ${error.message}`;
  return `Sign-in with ${label} failed: the provider's answer could not be verified. Please try again.`;
}
