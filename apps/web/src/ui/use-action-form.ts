import { type FormEvent, type SyntheticEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { CheckErrors, LazyCheck } from '../app/lazy-check.ts';
import { useTranslation } from '../app/translation.ts';
import { apiErrorMessage, SERVER_ERROR, useErrorText } from './form-errors.ts';
import { type FormValues, fillForm, focusFirst, readForm } from './form-values.ts';

/** How a send ends besides success: the refusal taken by the form itself (true) or spread over it. */
export interface SendOptions {
  refused?: (err: unknown) => boolean;
  /** The first field the server refused takes focus (not when it is behind a dialog, say). */
  focus?: boolean;
}

/**
 * A form of plain uncontrolled fields (their default values in the server's HTML, so what a member
 * types or picks before the script has loaded stays: hydration leaves it), checked with the
 * contract's schema (`check`, a chunk of its own loaded on first focus) and sent (`busy` while the
 * check and the send run; a second submit meanwhile is ignored).
 *
 * `form` goes on the <form> (ref, noValidate, onSubmit, and the input, blur and focus handlers
 * that keep `values` current and check a field once it has been left, then on each change);
 * `field(name)` on each field (name, defaultValue, the translated error). `submit(send)` is the
 * submit handler: check, focus the first invalid field, else run `send` with the values; a
 * refusal's field messages go next to their fields (the first one focused), the rest into `alert`.
 */
export function useActionForm<T extends FormValues>(options: {
  check: LazyCheck<T>;
  defaultValues: T;
  /** The fields the server may name that this form shows. */
  fields: readonly string[];
}) {
  const { check, defaultValues, fields } = options;
  const { t } = useTranslation();
  const errorText = useErrorText();
  const ref = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<T>(defaultValues);
  const [errors, setErrors] = useState<CheckErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const touched = useRef(new Set<string>());
  const defaults = useRef(defaultValues);
  defaults.current = defaultValues;
  // The fields to focus once their errors are on screen (so the error is read with the field).
  const [focusOn, setFocusOn] = useState<{ names: string[] } | null>(null);
  useEffect(() => {
    if (focusOn) focusFirst(ref.current, focusOn.names);
  }, [focusOn]);

  const read = useCallback(
    (): T => (ref.current ? readForm(ref.current, defaults.current) : defaults.current),
    [],
  );

  // What was typed or chosen before hydration is in the fields: the values say so from the start.
  useEffect(() => setValues(read()), [read]);

  const recheck = (name: string) => {
    const ready = check.ready();
    if (!ready) return check.preload();
    const found = ready(read());
    setErrors((prev) => ({ ...prev, [name]: found[name] }));
  };

  const focus = useCallback((name: string) => setFocusOn({ names: [name] }), []);

  const nameOf = (e: SyntheticEvent) => (e.target as { name?: string }).name ?? '';
  const form = {
    ref,
    noValidate: true,
    onFocus: check.preload,
    // `input` (not React's form-wide onChange, which Preact leaves as the native `change`, fired
    // only when a text field is left): every keystroke, choice and tick bubbles up as `input`.
    onInput: (e: FormEvent<HTMLFormElement>) => {
      setValues(read());
      const name = nameOf(e);
      if (touched.current.has(name)) recheck(name);
    },
    onBlur: (e: SyntheticEvent) => {
      const name = nameOf(e);
      if (!name || !(name in defaults.current)) return;
      touched.current.add(name);
      recheck(name);
    },
  };

  /**
   * Spreads a failed call over the form: the server's messages for its fields next to them (the
   * first focused unless `focus` is false), the rest into `alert` (unless `alert` is false, for a
   * form that says it its own way). Returns the alert's text and the fields the server named.
   */
  const refuse = (err: unknown, opts: { focus?: boolean; alert?: boolean } = {}) => {
    const named: CheckErrors = {};
    const { message, fields: shown } = apiErrorMessage(
      t,
      err,
      (f, m) => {
        named[f] = { type: SERVER_ERROR, message: m };
      },
      fields,
    );
    setErrors(named);
    if (opts.alert !== false) setAlert(message);
    if (opts.focus !== false) setFocusOn({ names: shown });
    return { message, fields: shown };
  };

  const submit =
    (send: (values: T) => Promise<unknown>, on: SendOptions = {}) =>
    (e?: FormEvent<HTMLFormElement>) => {
      e?.preventDefault();
      if (running.current) return;
      running.current = true;
      setBusy(true);
      const now = read();
      void (async () => {
        try {
          const found = await check(now);
          const invalid = Object.keys(found).filter((k) => found[k]);
          setErrors(found);
          if (invalid.length) {
            for (const k of invalid) touched.current.add(k);
            setFocusOn({ names: invalid });
            return;
          }
          setAlert(null);
          try {
            await send(now);
          } catch (err) {
            if (!on.refused?.(err)) refuse(err, { focus: on.focus });
          }
        } finally {
          running.current = false;
          setBusy(false);
        }
      })();
    };

  const field = <N extends keyof T & string>(name: N) => ({
    name,
    defaultValue: defaultValues[name] as string,
    error: errorText(errors[name]),
  });
  /** A checkbox's props (its name and whether it starts checked) and its error. */
  const toggle = <N extends keyof T & string>(name: N) => ({
    name,
    defaultChecked: defaultValues[name] === true,
    error: errorText(errors[name]),
  });

  /** Checks one field now (e.g. before a step that needs it): true when it passes. */
  const checkField = async (name: keyof T & string): Promise<boolean> => {
    touched.current.add(name);
    const found = await check(read());
    setErrors((prev) => ({ ...prev, [name]: found[name] }));
    if (found[name]) setFocusOn({ names: [name] });
    return !found[name];
  };

  /** The server's word about one field, shown there; the field takes focus. */
  const setFieldError = (name: keyof T & string, message: string) => {
    setErrors((prev) => ({ ...prev, [name]: { type: SERVER_ERROR, message } }));
    setFocusOn({ names: [name] });
  };

  /** Puts values into some fields, as if chosen (checked at once when they had been left once). */
  const put = useCallback(
    (some: Partial<T>) => {
      if (ref.current) fillForm(ref.current, some as FormValues);
      setValues(read());
      for (const name of Object.keys(some)) touched.current.add(name);
      const ready = check.ready();
      if (!ready) return check.preload();
      const found = ready(read());
      setErrors((prev) => {
        const next = { ...prev };
        for (const name of Object.keys(some)) next[name] = found[name];
        return next;
      });
    },
    [check, read],
  );

  /** The fields back to `to` (default: the default values), no errors. */
  const reset = useCallback(
    (to?: T) => {
      if (ref.current) fillForm(ref.current, to ?? defaults.current);
      touched.current.clear();
      setErrors({});
      setValues(read());
    },
    [read],
  );

  return {
    form,
    field,
    toggle,
    values,
    errors,
    errorText,
    alert,
    setAlert,
    busy,
    submit,
    refuse,
    reset,
    put,
    read,
    checkField,
    setFieldError,
    focus,
  };
}
