import { lazy, type ComponentType } from 'react';

/**
 * A page loaded on first render from a module's named export, so a feature's
 * pages can be split into chunks without default exports.
 */
export function lazyNamed<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
