import type { FieldValues, Resolver } from 'react-hook-form';
import { reloadForChunkError } from './chunk-reload.ts';

/** A form resolver that loads itself on first use; `preload` starts the load early (on focus). */
export type LazyResolver<T extends FieldValues> = Resolver<T> & { preload: () => void };

/**
 * A react-hook-form resolver whose code (zod and the contract's schema) is its own chunk, loaded
 * when the form first validates or when `preload` is called (the forms call it when one of their
 * fields takes focus), so a page with a form needs no zod on first load (issue 16 item 6). A
 * chunk that fails to load reloads the page like a route's (chunk-reload.ts), else the next
 * validation tries again.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): LazyResolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  const get = () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      if (typeof window !== 'undefined' && reloadForChunkError(err)) return new Promise<never>(() => {});
      throw err;
    });
    return loading;
  };
  const resolver: Resolver<T> = (values, context, options) =>
    get().then((resolve) => resolve(values, context, options));
  return Object.assign(resolver, { preload: () => void get().catch(() => {}) });
}
