import * as client from 'openid-client';
import type { SocialProvider } from '@loci/domain';
import type { Config, FacebookOAuthConfig, OAuthProviderConfig } from '../config.js';

/** Seconds an exchange with a provider may take. */
const TIMEOUT_SECONDS = 10;

/**
 * The sign-in providers this server is configured for: Google through OpenID
 * Connect discovery, Facebook as plain OAuth 2.0 with configured endpoints.
 */
export interface OidcProviders {
  isConfigured(provider: SocialProvider): boolean;
  /** The provider's client configuration; throws when unconfigured or unreachable. */
  get(provider: SocialProvider): Promise<client.Configuration>;
}

/** Plain http is only ever configured for local providers (the test suite's); production ones are https. */
function isInsecure(...urls: string[]): boolean {
  return urls.some((url) => new URL(url).protocol === 'http:');
}

function discover(settings: OAuthProviderConfig): Promise<client.Configuration> {
  const issuer = new URL(settings.issuer);
  return client.discovery(
    issuer,
    settings.clientId,
    settings.clientSecret,
    client.ClientSecretPost(settings.clientSecret),
    {
      execute: isInsecure(settings.issuer) ? [client.allowInsecureRequests] : [],
      timeout: TIMEOUT_SECONDS,
    },
  );
}

/**
 * Facebook's published OpenID configuration has no token endpoint, and its web
 * login is OAuth 2.0: the configuration is built from the known endpoints. The
 * issuer is the authorization server's origin (`https://www.facebook.com`), which
 * is also what an ID token from it would carry.
 */
function facebookConfiguration(settings: FacebookOAuthConfig): client.Configuration {
  const configuration = new client.Configuration(
    {
      issuer: new URL(settings.authorizationUrl).origin,
      authorization_endpoint: settings.authorizationUrl,
      token_endpoint: settings.tokenUrl,
    },
    settings.clientId,
    settings.clientSecret,
    client.ClientSecretPost(settings.clientSecret),
  );
  configuration.timeout = TIMEOUT_SECONDS;
  if (isInsecure(settings.authorizationUrl, settings.tokenUrl, settings.profileUrl)) {
    client.allowInsecureRequests(configuration);
  }
  return configuration;
}

/**
 * Creates the provider registry. Discovery runs once per provider and is kept;
 * a failed discovery is forgotten so that the next sign-in tries again.
 */
export function createOidcProviders(oauth: Config['oauth']): OidcProviders {
  const known = new Map<SocialProvider, Promise<client.Configuration>>();
  const load = (provider: SocialProvider): Promise<client.Configuration> => {
    if (provider === 'facebook') {
      const settings = oauth.facebook;
      if (!settings) return Promise.reject(new Error('facebook sign-in is not configured'));
      return Promise.resolve().then(() => facebookConfiguration(settings));
    }
    const settings = oauth.google;
    if (!settings) return Promise.reject(new Error('google sign-in is not configured'));
    return discover(settings);
  };
  return {
    isConfigured: (provider) => oauth[provider] !== undefined,
    get(provider) {
      let configuration = known.get(provider);
      if (!configuration) {
        configuration = load(provider);
        known.set(provider, configuration);
        configuration.catch(() => known.delete(provider));
      }
      return configuration;
    },
  };
}
