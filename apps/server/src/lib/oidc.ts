import * as client from 'openid-client';
import type { SocialProvider } from '@loci/domain';
import type { Config, OAuthProviderConfig } from '../config.js';

/** The OpenID Connect providers this server is configured for, discovered on first use. */
export interface OidcProviders {
  isConfigured(provider: SocialProvider): boolean;
  /** The provider's discovered configuration; throws when unconfigured or unreachable. */
  get(provider: SocialProvider): Promise<client.Configuration>;
}

/**
 * Creates the provider registry. Discovery runs once per provider and is kept;
 * a failed discovery is forgotten so that the next sign-in tries again.
 */
export function createOidcProviders(oauth: Config['oauth']): OidcProviders {
  const discovered = new Map<SocialProvider, Promise<client.Configuration>>();
  const discover = (settings: OAuthProviderConfig) => {
    const issuer = new URL(settings.issuer);
    // Plain http is only ever configured for local providers (the test suite's); production issuers are https.
    const execute = issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [];
    return client.discovery(
      issuer,
      settings.clientId,
      settings.clientSecret,
      client.ClientSecretPost(settings.clientSecret),
      {
        execute,
        timeout: 10,
      },
    );
  };
  return {
    isConfigured: (provider) => oauth[provider] !== undefined,
    get(provider) {
      const settings = oauth[provider];
      if (!settings) return Promise.reject(new Error(`${provider} sign-in is not configured`));
      let configuration = discovered.get(provider);
      if (!configuration) {
        configuration = discover(settings);
        discovered.set(provider, configuration);
        configuration.catch(() => discovered.delete(provider));
      }
      return configuration;
    },
  };
}
