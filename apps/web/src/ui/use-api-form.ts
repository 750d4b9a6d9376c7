import { useState } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  useForm,
} from 'react-hook-form';
import { useTranslation } from '../app/translation.ts';
import { apiErrorMessage, fieldErrorSetter, useFieldProps } from './form-errors.ts';

/**
 * A form whose submission is one API call: react-hook-form checking each field once touched,
 * the inputs' props (`field`, see useFieldProps) and the form-level `alert`. `submit(send)` makes
 * the submit handler: it clears the alert, awaits `send`, and spreads a refusal over the form
 * (the server's messages for `fields` go next to their inputs, the rest into the alert) unless
 * `refused` takes the error itself (returns true), e.g. to leave for another page. For the
 * visitors' pages whose form is the page (login, password reset), which load react-hook-form in
 * their own route chunks; the members' forms are on React's actions (use-action-form.ts).
 */
export function useApiForm<T extends FieldValues>(options: {
  resolver: Resolver<T>;
  defaultValues: DefaultValues<T>;
  fields: readonly Path<T>[];
}) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<T>({
    resolver: options.resolver,
    defaultValues: options.defaultValues,
    mode: 'onTouched',
  });
  const field = useFieldProps(form);
  const submit = (
    send: (values: T) => Promise<unknown>,
    on: { refused?: (err: unknown) => boolean; invalid?: (errors: FieldErrors<T>) => void } = {},
  ) =>
    form.handleSubmit(async (values) => {
      setAlert(null);
      try {
        await send(values);
      } catch (err) {
        if (on.refused?.(err)) return;
        setAlert(apiErrorMessage(t, err, fieldErrorSetter(form.setError), options.fields).message);
      }
    }, on.invalid);
  return { form, field, alert, submit, busy: form.formState.isSubmitting };
}
