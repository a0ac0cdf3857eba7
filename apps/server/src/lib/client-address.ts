import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config.js';

/** Which hops may set X-Forwarded-For (LOCI_TRUST_PROXY), as one function for Fastify and Socket.IO alike. */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * LOCI_TRUST_PROXY as a trust function: none by default (anyone can send the
 * header, so believing it would let a client pick a new address per attempt),
 * a hop count trusts that many proxies nearest to the server, a list trusts
 * those addresses and ranges.
 */
export function trustProxyOf(setting: Config['trustProxy']): TrustProxy {
  if (setting === false) return () => false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/** The client's address of a raw request (a socket's handshake), read exactly as Fastify's `request.ip`. */
export function clientAddressOf(request: IncomingMessage, trust: TrustProxy): string {
  return proxyAddr(request, trust);
}
