import { reloadForChunkError } from './chunk-reload.ts';

/** A field's error as a form shows it: a schema code (`message`) or the server's own words. */
export interface CheckError {
  type?: string;
  message?: string;
}
export type CheckErrors = Partial<Record<string, CheckError>>;
/** A form's check of its values: an error per field that fails, none when all pass. */
export type Check<T> = (values: T) => CheckErrors;

/** A check whose code loads on first use; `preload` starts the load early (on focus), `ready` is it once loaded. */
export interface LazyCheck<T> {
  (values: T): Promise<CheckErrors>;
  preload: () => void;
  ready: () => Check<T> | null;
}

/**
 * A form's check (zod and the contract's schema) as a chunk of its own, loaded when the form first
 * checks or when `preload` is called (the forms call it when one of their fields takes focus), so a
 * page with a form needs no zod on first load (issue 16 item 6). A chunk that fails to load
 * reloads the page like a route's (chunk-reload.ts), else the next check tries again.
 */
export function lazyCheck<T>(load: () => Promise<Check<T>>): LazyCheck<T> {
  let loading: Promise<Check<T>> | undefined;
  let loaded: Check<T> | null = null;
  const get = () => {
    loading ??= load().then(
      (check) => {
        loaded = check;
        return check;
      },
      (err: unknown) => {
        loading = undefined;
        if (typeof window !== 'undefined' && reloadForChunkError(err)) return new Promise<never>(() => {});
        throw err;
      },
    );
    return loading;
  };
  const check = (values: T) => get().then((c) => c(values));
  return Object.assign(check, { preload: () => void get().catch(() => {}), ready: () => loaded });
}

interface Issue {
  path: readonly PropertyKey[];
  code: string;
  message: string;
}
interface Schema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly Issue[] } };
}

/**
 * A check from a contract's zod schema: the first issue of each field (its top-level key), the
 * issue's message being the error code the server would answer with. `input` maps the form's
 * values to what the schema takes (e.g. the profile's strings to the update's types).
 */
export function schemaCheck<T>(schema: Schema, input: (values: T) => unknown = (v) => v): Check<T> {
  return (values) => {
    const parsed = schema.safeParse(input(values));
    const errors: CheckErrors = {};
    if (parsed.success) return errors;
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return errors;
  };
}
