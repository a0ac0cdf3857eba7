import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import type { SocialProvider } from '@loci/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createMemoryMailer, createTestApp, type TestApp } from '../../test/app.js';
import { createUser, DEFAULT_PASSWORD } from '../../test/factories.js';

/** The people the test provider knows, by the login typed into its dev sign-in form. */
const PEOPLE: Record<string, { email: string; email_verified: boolean; name: string }> = {
  'sub-new-person': { email: 'new.person@example.test', email_verified: true, name: 'New Person' },
  'sub-existing': { email: 'existing@example.test', email_verified: true, name: 'Existing Person' },
  'sub-unconfirmed': { email: 'squatted@example.test', email_verified: true, name: 'Real Owner' },
  'sub-unverified': { email: 'unverified@example.test', email_verified: false, name: 'Unverified' },
};

/** A cookie jar per origin, enough to carry the app's and the provider's cookies through redirects. */
class Browser {
  private jars = new Map<string, Map<string, string>>();

  cookie(origin: string, name: string): string | undefined {
    return this.jars.get(origin)?.get(name);
  }

  async request(url: URL, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const jar = this.jars.get(url.origin) ?? new Map<string, string>();
    this.jars.set(url.origin, jar);
    const headers: Record<string, string> = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(url, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0$/i.test(a) || (/^\s*expires=/i.test(a) && new Date(a.split('=')[1]!) < new Date()),
      );
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }

  /** Follows redirects until a page answers, or until the browser lands on the console (/fe/), which is not fetched. */
  async navigate(
    start: URL,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<{ url: URL; res?: Response }> {
    let url = start;
    let res = await this.request(url, init);
    for (let hops = 0; hops < 20; hops++) {
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { url, res };
      url = new URL(location, url);
      if (url.pathname.startsWith('/fe/')) return { url };
      res = await this.request(url);
    }
    throw new Error('too many redirects');
  }
}

function formAction(html: string): URL {
  const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
  if (!action) throw new Error(`no form in ${html.slice(0, 500)}`);
  return new URL(action.replaceAll('&amp;', '&'));
}

/** Signs in at the provider as `login` through its dev login and consent forms; returns where the app sent the browser. */
async function signInAtProvider({
  appOrigin,
  providerOrigin,
  provider,
  login,
  browser = new Browser(),
}: {
  appOrigin: string;
  providerOrigin: string;
  provider: SocialProvider;
  login: string;
  browser?: Browser;
}): Promise<{ landing: URL; browser: Browser }> {
  const loginPage = await browser.navigate(new URL(`/api/users/${provider}auth`, appOrigin));
  expect(loginPage.url.origin).toBe(providerOrigin);
  const afterLogin = await browser.navigate(formAction(await loginPage.res!.text()), {
    method: 'POST',
    form: { prompt: 'login', login, password: 'anything' },
  });
  if (!afterLogin.res) return { landing: afterLogin.url, browser };
  const consent = await browser.navigate(formAction(await afterLogin.res.text()), {
    method: 'POST',
    form: { prompt: 'consent' },
  });
  return { landing: consent.url, browser };
}

/** Trades the jwtfromsocial cookie for the token through /api/users/jwtAsBody, as the console does. */
async function jwtFromSocialCookie(browser: Browser, appOrigin: string): Promise<string> {
  const cookie = browser.cookie(appOrigin, 'jwtfromsocial');
  expect(cookie).toBeTruthy();
  const res = await fetch(new URL('/api/users/jwtAsBody', appOrigin), {
    headers: { cookie: `jwtfromsocial=${cookie}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.getSetCookie().join()).toMatch(/jwtfromsocial=;/);
  return ((await res.json()) as { jwtToken: string }).jwtToken;
}

async function accountOf(appOrigin: string, token: string) {
  const res = await fetch(new URL('/api/users/account', appOrigin), {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(text).not.toMatch(/argon2|password/i);
  return (JSON.parse(text) as { user: Record<string, unknown> }).user;
}

describe('#users.googleauth with a real OpenID provider', () => {
  let t: TestApp;
  let issuerServer: Server;
  let issuer: string;
  let appOrigin: string;

  beforeAll(async () => {
    // The provider's port must be known to configure the app, and the app's to register the redirect URI.
    const issuerApp: { provider?: Provider } = {};
    issuerServer = createServer((req, res) => issuerApp.provider!.callback()(req, res));
    issuerServer.listen(0, '127.0.0.1');
    await once(issuerServer, 'listening');
    issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`;

    t = await createTestApp({
      listen: true,
      mailer: createMemoryMailer(),
      env: {
        GOOGLE_CLIENT_ID: 'loci-test',
        GOOGLE_CLIENT_SECRET: 'loci-test-secret-loci-test-secret',
        GOOGLE_ISSUER: issuer,
      },
    });
    appOrigin = t.config.publicUrl;

    issuerApp.provider = new Provider(issuer, {
      clients: [
        {
          client_id: 'loci-test',
          client_secret: 'loci-test-secret-loci-test-secret',
          redirect_uris: [`${appOrigin}/api/users/googleauth/callback`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      findAccount: (_ctx, sub) => {
        const person = PEOPLE[sub];
        return person ? { accountId: sub, claims: () => ({ sub, ...person }) } : undefined;
      },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      features: { devInteractions: { enabled: true } },
      cookies: { keys: ['oidc-test-cookie-key'] },
      ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    });
  });

  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => issuerServer?.close(() => resolve()));
  });

  const signInAs = (login: string, browser?: Browser) =>
    signInAtProvider({ appOrigin, providerOrigin: issuer, provider: 'google', login, browser });
  const jwtFromCookie = (browser: Browser) => jwtFromSocialCookie(browser, appOrigin);
  const account = (token: string) => accountOf(appOrigin, token);

  it('lists google as available', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/providers' });
    expect(res.json()).toEqual({ google: true, facebook: false });
  });

  it('redirects to the provider with PKCE, state and nonce, keeping them in a signed httpOnly cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/googleauth' });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.origin).toBe(issuer);
    expect(location.searchParams.get('redirect_uri')).toBe(`${appOrigin}/api/users/googleauth/callback`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    for (const p of ['state', 'nonce', 'code_challenge']) expect(location.searchParams.get(p)).toBeTruthy();
    const cookie = res.cookies.find((c) => c.name === 'loci_oauth');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/users' });
    // The browser may read its own state, but not change it: a tampered cookie is refused.
    const tampered = cookie!.value.replace(/"state":"[^"]+"/, '"state":"chosen-by-attacker"');
    const callback = await t.app.inject({
      method: 'GET',
      url: '/api/users/googleauth/callback?code=x&state=chosen-by-attacker',
      cookies: { loci_oauth: tampered },
    });
    expect(new URL(callback.headers.location as string).searchParams.get('error')).toMatch(
      /took too long|another browser/,
    );
  });

  it('creates a confirmed player without a password for a new person and hands over a working token', async () => {
    const { landing, browser } = await signInAs('sub-new-person');
    expect(landing.href).toBe(`${appOrigin}/fe/socialredirect`);
    const user = await account(await jwtFromCookie(browser));
    expect(user).toMatchObject({
      email: 'new.person@example.test',
      name: 'New Person',
      role: 'player',
      confirmed: true,
      googleId: 'sub-new-person',
    });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'new.person@example.test'));
    expect(row?.passwordHash).toBeNull();

    // Signing in again finds the same account.
    const again = await signInAs('sub-new-person');
    expect((await account(await jwtFromCookie(again.browser))).id).toBe(user.id);
    expect(await t.app.ctx.db.$count(users, eq(users.email, 'new.person@example.test'))).toBe(1);
  });

  it('links an existing account by email, storing the Google id and keeping its password', async () => {
    const existing = await createUser(t.app.ctx, { email: 'existing@example.test', role: 'designer' });
    const { landing, browser } = await signInAs('sub-existing');
    expect(landing.pathname).toBe('/fe/socialredirect');
    const user = await account(await jwtFromCookie(browser));
    expect(user).toMatchObject({ id: existing.user.id, role: 'designer', googleId: 'sub-existing' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'existing@example.test', password: DEFAULT_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('confirms an unconfirmed account it links, and drops the password nobody proved', async () => {
    const squatter = await createUser(t.app.ctx, { email: 'squatted@example.test', confirmed: false });
    const { browser } = await signInAs('sub-unconfirmed');
    const user = await account(await jwtFromCookie(browser));
    expect(user).toMatchObject({ id: squatter.user.id, confirmed: true, googleId: 'sub-unconfirmed' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'squatted@example.test', password: DEFAULT_PASSWORD },
    });
    expect(login.statusCode).toBe(400);
  });

  it('refuses an email the provider says is unverified', async () => {
    const { landing, browser } = await signInAs('sub-unverified');
    expect(landing.pathname).toBe('/fe/socialredirect');
    expect(landing.searchParams.get('error')).toMatch(/verified email/);
    expect(browser.cookie(appOrigin, 'jwtfromsocial')).toBeUndefined();
    expect(await t.app.ctx.db.$count(users, eq(users.email, 'unverified@example.test'))).toBe(0);
  });

  it('lands on /fe/socialredirect?error=… when the person cancels at the provider (access_denied)', async () => {
    const browser = new Browser();
    const loginPage = await browser.navigate(new URL('/api/users/googleauth', appOrigin));
    const abort = new URL(`${loginPage.url.pathname}/abort`, issuer);
    const { url } = await browser.navigate(abort);
    expect(url.origin + url.pathname).toBe(`${appOrigin}/fe/socialredirect`);
    expect(url.searchParams.get('error')).toMatch(
      /^Sign-in with Google was not completed: End-User aborted interaction/,
    );
    expect(browser.cookie(appOrigin, 'jwtfromsocial')).toBeUndefined();
  });

  it('refuses a callback without the cookie of the browser that started it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/googleauth/callback?code=stolen&state=whatever' });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.pathname).toBe('/fe/socialredirect');
    expect(location.searchParams.get('error')).toMatch(/took too long|another browser/);
  });
});

/** The people the Facebook stand-in knows; `fb-no-email` is someone who declined to share (or has no) email. */
const FACEBOOK_PEOPLE: Record<string, { email?: string; name: string }> = {
  'fb-new-person': { email: 'fb.new@example.test', name: 'Facebook Newcomer' },
  'fb-existing': { email: 'fb.existing@example.test', name: 'Facebook Regular' },
  'fb-no-email': { name: 'Private Person' },
};
const FACEBOOK_SECRET = 'loci-fb-secret-loci-fb-secret-loci';

/**
 * Facebook's web login is plain OAuth 2.0 plus the Graph API. The stand-in is
 * the same real `oidc-provider`, used as an OAuth 2.0 server (its /auth and
 * /token endpoints), and a Graph-like `/v21.0/me` that verifies the bearer
 * token by calling the provider's userinfo endpoint with it.
 */
describe('#users.facebookauth with a real OAuth 2.0 server and a Graph-like profile endpoint', () => {
  let t: TestApp;
  let server: Server;
  let origin: string;
  let appOrigin: string;
  const profileRequests: URL[] = [];

  /** Answers like the Graph API's `/me?fields=…`, for access tokens the provider issued. */
  async function graphMe(url: URL, authorization: string | undefined): Promise<{ status: number; body: unknown }> {
    const graphError = (message: string) => ({
      status: 400,
      body: { error: { message, type: 'OAuthException', code: 190 } },
    });
    const token = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return graphError('An active access token must be used to query information about the current user.');
    const proof = createHmac('sha256', FACEBOOK_SECRET).update(token).digest('hex');
    if (url.searchParams.get('appsecret_proof') !== proof)
      return graphError('Invalid appsecret_proof provided in the API argument');
    const userinfo = await fetch(new URL('/me', origin), { headers: { authorization: `Bearer ${token}` } });
    if (!userinfo.ok) return graphError('Invalid OAuth access token - Cannot parse access token');
    const claims = (await userinfo.json()) as { sub: string; name?: string; email?: string };
    const profile: Record<string, string | undefined> = { id: claims.sub, name: claims.name, email: claims.email };
    const fields = (url.searchParams.get('fields') ?? 'id,name').split(',');
    return {
      status: 200,
      body: Object.fromEntries(fields.filter((f) => profile[f] !== undefined).map((f) => [f, profile[f]])),
    };
  }

  beforeAll(async () => {
    const holder: { provider?: Provider } = {};
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', origin);
      if (url.pathname === '/v21.0/me') {
        profileRequests.push(url);
        void graphMe(url, req.headers.authorization).then(({ status, body }) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        });
        return;
      }
      if (url.pathname === '/auth') {
        // Every Facebook access token may read /me; this provider lets a token read userinfo only
        // with `openid` among its scopes, so the stand-in adds it to what the app asked for.
        const scope = url.searchParams.get('scope') ?? '';
        if (!scope.split(' ').includes('openid')) url.searchParams.set('scope', `openid ${scope}`.trim());
        req.url = url.pathname + url.search;
      }
      holder.provider!.callback()(req, res);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    t = await createTestApp({
      listen: true,
      mailer: createMemoryMailer(),
      env: {
        FACEBOOK_CLIENT_ID: 'loci-fb',
        FACEBOOK_CLIENT_SECRET: FACEBOOK_SECRET,
        FACEBOOK_AUTH_URL: `${origin}/auth`,
        FACEBOOK_TOKEN_URL: `${origin}/token`,
        FACEBOOK_PROFILE_URL: `${origin}/v21.0/me?fields=id,name,email`,
      },
    });
    appOrigin = t.config.publicUrl;

    holder.provider = new Provider(origin, {
      clients: [
        {
          client_id: 'loci-fb',
          client_secret: FACEBOOK_SECRET,
          redirect_uris: [`${appOrigin}/api/users/facebookauth/callback`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      findAccount: (_ctx, sub) => {
        const person = FACEBOOK_PEOPLE[sub];
        return person ? { accountId: sub, claims: () => ({ sub, ...person }) } : undefined;
      },
      claims: { openid: ['sub'], email: ['email'], public_profile: ['name'] },
      features: { devInteractions: { enabled: true } },
      cookies: { keys: ['oidc-test-cookie-key'] },
      ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    });
  });

  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  const signInAs = (login: string) =>
    signInAtProvider({ appOrigin, providerOrigin: origin, provider: 'facebook', login });
  const jwtFromCookie = (browser: Browser) => jwtFromSocialCookie(browser, appOrigin);
  const account = (token: string) => accountOf(appOrigin, token);

  it('lists facebook as available', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/providers' });
    expect(res.json()).toEqual({ google: false, facebook: true });
  });

  it('redirects to the configured OAuth 2.0 dialog with state and PKCE, asking for email and public_profile', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/facebookauth' });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.origin + location.pathname).toBe(`${origin}/auth`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: 'loci-fb',
      redirect_uri: `${appOrigin}/api/users/facebookauth/callback`,
      response_type: 'code',
      scope: 'email public_profile',
      code_challenge_method: 'S256',
      auth_type: 'rerequest',
    });
    for (const p of ['state', 'code_challenge']) expect(location.searchParams.get(p)).toBeTruthy();
    expect(location.searchParams.has('nonce')).toBe(false);
    expect(res.cookies.find((c) => c.name === 'loci_oauth')).toMatchObject({ httpOnly: true, path: '/api/users' });
  });

  it('creates a confirmed player with the Facebook id for a new person and hands over a working token', async () => {
    profileRequests.length = 0;
    const { landing, browser } = await signInAs('fb-new-person');
    expect(landing.href).toBe(`${appOrigin}/fe/socialredirect`);
    const user = await account(await jwtFromCookie(browser));
    expect(user).toMatchObject({
      email: 'fb.new@example.test',
      name: 'Facebook Newcomer',
      role: 'player',
      confirmed: true,
      facebookId: 'fb-new-person',
      googleId: null,
    });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'fb.new@example.test'));
    expect(row?.passwordHash).toBeNull();
    expect(profileRequests).toHaveLength(1);
    expect(profileRequests[0]!.searchParams.get('fields')).toBe('id,name,email');

    // Signing in again finds the same account.
    const again = await signInAs('fb-new-person');
    expect((await account(await jwtFromCookie(again.browser))).id).toBe(user.id);
    expect(await t.app.ctx.db.$count(users, eq(users.email, 'fb.new@example.test'))).toBe(1);
  });

  it('links an existing account by email, storing the Facebook id and keeping its password', async () => {
    const existing = await createUser(t.app.ctx, { email: 'fb.existing@example.test', role: 'designer' });
    const { landing, browser } = await signInAs('fb-existing');
    expect(landing.pathname).toBe('/fe/socialredirect');
    expect(landing.searchParams.has('error')).toBe(false);
    const user = await account(await jwtFromCookie(browser));
    expect(user).toMatchObject({ id: existing.user.id, role: 'designer', facebookId: 'fb-existing' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'fb.existing@example.test', password: DEFAULT_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('lands on the error when Facebook shares no email address, creating nothing', async () => {
    const before = await t.app.ctx.db.$count(users);
    const { landing, browser } = await signInAs('fb-no-email');
    expect(landing.origin + landing.pathname).toBe(`${appOrigin}/fe/socialredirect`);
    expect(landing.searchParams.get('error')).toMatch(
      /^Sign-in with Facebook failed: Facebook did not share an email address/,
    );
    expect(browser.cookie(appOrigin, 'jwtfromsocial')).toBeUndefined();
    expect(await t.app.ctx.db.$count(users)).toBe(before);
  });

  it('lands on /fe/socialredirect?error=… when the person denies consent at Facebook', async () => {
    const browser = new Browser();
    const loginPage = await browser.navigate(new URL('/api/users/facebookauth', appOrigin));
    expect(loginPage.url.origin).toBe(origin);
    const { url } = await browser.navigate(new URL(`${loginPage.url.pathname}/abort`, origin));
    expect(url.origin + url.pathname).toBe(`${appOrigin}/fe/socialredirect`);
    expect(url.searchParams.get('error')).toMatch(/^Sign-in with Facebook was not completed: /);
    expect(browser.cookie(appOrigin, 'jwtfromsocial')).toBeUndefined();
  });

  it('has a profile endpoint that only answers for tokens the provider issued', async () => {
    const forged = 'forged-access-token';
    const proof = createHmac('sha256', FACEBOOK_SECRET).update(forged).digest('hex');
    const res = await fetch(`${origin}/v21.0/me?fields=id,name,email&appsecret_proof=${proof}`, {
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { type: 'OAuthException' } });
  });
});
