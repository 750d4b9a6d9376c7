import { type ErrorCode, type ErrorResponse, MIN_AGE } from '@amora/contracts';
import type { Locale } from '@amora/i18n';
import { catalogs, tFor } from './i18n.ts';

/**
 * An error meant for the user: a stable code, the HTTP status, and optional per-field codes.
 * The message is translated when the response is written, in the requester's language.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode | (string & {}),
    readonly status: number,
    readonly vars: Record<string, string | number> = {},
    readonly fields?: Record<string, string>,
    /** Untranslated values the client acts on (e.g. the notice a restricted login leads to). */
    readonly details?: Record<string, string>,
  ) {
    super(code);
  }
}

/** `value`, or a 404 'not_found' when there is none (a row not found, a check that failed). */
export function found<T>(value: T): NonNullable<T> {
  if (!value) throw new AppError('not_found', 404);
  return value as NonNullable<T>;
}

export function errorBody(
  locale: Locale,
  code: string,
  status: number,
  vars: Record<string, string | number> = {},
  fields?: Record<string, string>,
  details?: Record<string, string>,
): ErrorResponse {
  const t = tFor(locale);
  const key = `errors.${code}`;
  const message = t(key, vars);
  const translatedFields = fields
    ? Object.fromEntries(
        Object.entries(fields).map(([f, c]) => [
          f,
          t(`errors.${c}`, { min_age: MIN_AGE, ...vars, defaultValue: c }),
        ]),
      )
    : undefined;
  const body: ErrorResponse = {
    error: {
      code,
      status,
      message: message === key ? t('errors.generic') : message,
      ...(translatedFields ? { fields: translatedFields } : {}),
      ...(details ? { details } : {}),
    },
  };
  if (code === 'authentication_required') body.authentication_required = true;
  return body;
}

/** True when `code` has a translated message (errors.<code> in the English catalog). */
export function isErrorCode(code: string | undefined): boolean {
  const errors = catalogs.en.errors as Record<string, unknown> | undefined;
  return !!code && /^[a-z_]+$/.test(code) && typeof errors?.[code] === 'string';
}
