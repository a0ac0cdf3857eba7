// oidc-provider ships no type declarations; this covers what the social sign-in test uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface OidcAccount {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface OidcConfiguration {
    clients?: Array<Record<string, unknown>>;
    findAccount?: (ctx: unknown, sub: string) => Promise<OidcAccount | undefined> | OidcAccount | undefined;
    claims?: Record<string, string[] | null>;
    features?: Record<string, { enabled: boolean } & Record<string, unknown>>;
    cookies?: { keys?: string[] } & Record<string, unknown>;
    [key: string]: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: OidcConfiguration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
