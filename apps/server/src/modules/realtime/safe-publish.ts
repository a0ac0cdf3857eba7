/**
 * The Socket.IO Redis adapter publishes without awaiting (`pubClient.publish(…)`
 * in every broadcast), so a publish that fails — a command timeout while the
 * event loop is saturated, a connection lost mid-command — would be an
 * unhandled rejection, and Node ends the process on one: a slow Redis under a
 * city-wide event took whole server processes down (bench/README.md, city).
 * Realtime is fire-and-forget (a missed push is caught up by the next view), so
 * a failed publish is logged and dropped instead.
 *
 * Returns `client` as seen through a proxy whose `publish` never rejects; every
 * other property is the client's own.
 */
export function withSafePublish<T extends { publish: (...args: never[]) => Promise<unknown> }>(
  client: T,
  onError: (error: unknown) => void,
): T {
  const publish = (...args: Parameters<T['publish']>) =>
    client.publish(...args).catch((error: unknown) => {
      onError(error);
      return 0;
    });
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'publish') return publish;
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
