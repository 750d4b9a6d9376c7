import { MIN_AGE } from '@amora/contracts/rules';
import type { FieldValues, Path, RegisterOptions, UseFormReturn, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/client.ts';
import { valueAt } from '../app/dotted-path.ts';
import { type TFunction, useTranslation } from '../app/translation.ts';

/** A field error: from the shared schema its message is an error code, from the server it is already translated. */
export interface FieldErrorLike {
  type?: string;
  message?: string;
}

export const SERVER_ERROR = 'server';

/** The text of a field error: `errors.<code>` for schema codes, the server's words as they came. */
export function errorText(t: TFunction, e: FieldErrorLike | undefined): string | undefined {
  if (!e?.message) return e ? t('errors.validation') : undefined;
  if (e.type === SERVER_ERROR) return e.message;
  if (!/^[a-z_]+$/.test(e.message)) return t('errors.validation');
  return t(`errors.${e.message}`, { min_age: MIN_AGE, defaultValue: t('errors.validation') });
}

export function useErrorText() {
  const { t } = useTranslation();
  return (e: FieldErrorLike | undefined) => errorText(t, e);
}

/**
 * A form's input as the ui/fields components take it: registered with react-hook-form and given
 * the text of its error. `const field = useFieldProps(form)`, then `<TextField label={...}
 * {...field('city')} />`; works on `useFormContext()` as well.
 */
export function useFieldProps<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'register' | 'formState'>) {
  const errorText = useErrorText();
  const { errors } = form.formState;
  return <N extends Path<T>>(name: N, options?: RegisterOptions<T, N>) => ({
    error: errorText(valueAt(errors, name) as FieldErrorLike | undefined),
    ...form.register(name, options),
  });
}

/**
 * Puts a server field message on a react-hook-form field; the first one gets the focus
 * (unless `focus` is false, e.g. when the field is on another step).
 */
export function fieldErrorSetter<T extends FieldValues>(setError: UseFormSetError<T>, focus = true) {
  let focused = !focus;
  return (field: string, message: string) => {
    setError(field as Path<T>, { type: SERVER_ERROR, message }, { shouldFocus: !focused });
    focused = true;
  };
}

/**
 * Spreads a failed call over a form: each of the server's `fields` that the form shows goes next
 * to its input, and the returned text is for the form-level alert (the server's message, plus any
 * field message without an input of its own).
 */
export function apiErrorMessage(
  t: TFunction,
  err: unknown,
  setFieldError?: (field: string, message: string) => void,
  formFields: readonly string[] = [],
): { message: string; fields: string[] } {
  if (!(err instanceof ApiError)) return { message: t('errors.generic'), fields: [] };
  const shown: string[] = [];
  const loose: string[] = [];
  for (const [field, message] of Object.entries(err.fields ?? {})) {
    if (setFieldError && formFields.includes(field)) {
      setFieldError(field, message);
      shown.push(field);
    } else loose.push(message);
  }
  const base = err.message || t(`errors.${err.code}`, { defaultValue: t('errors.generic') });
  return { message: [base, ...loose].join(' '), fields: shown };
}
