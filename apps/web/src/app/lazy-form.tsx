/**
 * react-hook-form loaded when a form is first used, not with the page (issue 16 item 6: it is
 * 13.3 KiB gzip, the whole overrun of the member pages with a form). A form component wrapped in
 * `lazyForm` and importing `useForm`, `useWatch`, `useFormContext` and `FormProvider` from here
 * renders first with a stand-in: fields registered on their elements, which get the default values
 * as react-hook-form would put them there, no errors, not submitting. The first sign of use (a
 * field takes focus, a pointer goes down or a key is pressed in it, the form is submitted, a value
 * is set) loads react-hook-form; then the form renders anew with it, and what was typed or chosen
 * meanwhile is put into the new fields (as input, so react-hook-form takes it), the focused field
 * keeps focus and caret, a submit made meanwhile is made again, values set meanwhile are set again.
 * The server renders the stand-in, which gives the same HTML as react-hook-form (inputs without
 * values: both fill them in the browser).
 */
import {
  type ComponentType,
  createContext,
  createElement,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type * as Rhf from 'react-hook-form';
import type { FieldValues, UseFormProps, UseFormReturn } from 'react-hook-form';
import { reloadForChunkError } from './chunk-reload.ts';
import { valueAt } from './dotted-path.ts';
import { type Field, Host } from './lazy-form-host.ts';

export type * from 'react-hook-form';

/** What the forms use of react-hook-form. */
export type FormLib = Pick<typeof Rhf, 'useForm' | 'useWatch' | 'useFormContext' | 'FormProvider'>;

const STUB = Symbol('stand-in');
const LibContext = createContext<FormLib | typeof STUB | null>(null);

/** Forms below use this react-hook-form (a page that has it loaded anyway, e.g. signup). */
export function FormLibProvider({ lib, children }: { lib: FormLib; children: ReactNode }) {
  return createElement(LibContext.Provider, { value: lib }, children);
}

let loaded: FormLib | null = null;
let loading: Promise<FormLib> | null = null;
const whenLoaded = new Set<() => void>();

/** Starts loading react-hook-form (also on a pointer heading for a form, as ReportButton does). */
export function loadFormLib(): Promise<FormLib> {
  loading ??= import('react-hook-form').then(
    (lib) => {
      loaded = lib;
      for (const f of whenLoaded) f();
      return lib;
    },
    (err: unknown) => {
      loading = null;
      if (typeof window !== 'undefined') reloadForChunkError(err);
      throw err;
    },
  );
  return loading;
}

const HostContext = createContext<{ host: Host; real: Field[] } | null>(null);

/**
 * The form component rendered with the stand-in until react-hook-form is loaded (at once when it
 * already is, or when a `FormLibProvider` above gives it), then with it.
 */
export function lazyForm<P extends object>(Form: ComponentType<P>): ComponentType<P> {
  function LazyForm(props: P) {
    const outer = useContext(LibContext);
    const given = outer && outer !== STUB ? outer : null;
    const [lib, setLib] = useState<FormLib | null>(() => given ?? loaded);
    const box = useRef<{ host: Host; real: Field[] } | null>(null);
    if (!box.current) box.current = { host: new Host(() => void loadFormLib().catch(() => {})), real: [] };
    const { host } = box.current;
    const current = given ?? lib;

    useEffect(() => {
      if (current) return;
      const swap = () => {
        host.whenIdle(() => {
          host.keep();
          setLib(loaded);
        });
      };
      whenLoaded.add(swap);
      if (loaded) swap();
      return () => void whenLoaded.delete(swap);
    }, [current, host]);

    // After the form's own mount effects (the profile form resets itself to the profile there),
    // which run before this one, its parent's.
    useEffect(() => {
      if (current && (host.kept.length || host.calls.length || host.submit)) {
        host.restore(box.current?.real ?? []);
      }
    }, [current, host]);

    return createElement(
      HostContext.Provider,
      { value: box.current },
      createElement(
        LibContext.Provider,
        { value: current ?? STUB },
        createElement(Form, { ...props, key: current ? 'form' : 'stand-in' }),
      ),
    );
  }
  LazyForm.displayName = `lazyForm(${Form.displayName ?? Form.name})`;
  return LazyForm;
}

/**
 * State of a component inside a lazy form that outlives the form's swap to react-hook-form (which
 * renders the form anew): e.g. what a button started before it is told when it is done, to the
 * new button. Outside a lazy form it is plain state.
 */
export function useFormKeptState<S>(key: string, initial: S): [S, (value: S) => void] {
  const box = useContext(HostContext);
  const [own, setOwn] = useState(initial);
  const host = box?.host;
  const kept = useSyncExternalStore(
    (onChange) => {
      if (!host) return () => {};
      host.stateListeners.add(onChange);
      return () => void host.stateListeners.delete(onChange);
    },
    () => (host?.state.has(key) ? (host.state.get(key) as S) : initial),
    () => initial,
  );
  if (!host) return [own, setOwn];
  return [
    kept,
    (value: S) => {
      host.state.set(key, value);
      for (const f of host.stateListeners) f();
    },
  ];
}

function useLib(): FormLib | typeof STUB {
  const lib = useContext(LibContext);
  if (!lib) throw new Error('a form of app/lazy-form.tsx outside lazyForm or FormLibProvider');
  return lib;
}

interface StandIn {
  control: { defaults: FieldValues };
}

/** The stand-in for `useForm`: renders like it, and a change, a submit or a set value loads it. */
function useStandIn<T extends FieldValues>(
  props: UseFormProps<T> | undefined,
  host: Host | null,
): UseFormReturn<T> {
  const ref = useRef<UseFormReturn<T> | null>(null);
  if (!ref.current) {
    const state = {
      defaults: (typeof props?.defaultValues === 'object' ? props.defaultValues : {}) as FieldValues,
    };
    const later =
      (method: keyof UseFormReturn) =>
      (...args: unknown[]) => {
        // A call from before the swap that arrives after it (an answer awaited meanwhile).
        const real = host?.form as Record<string, unknown> | null | undefined;
        if (real) return (real[method] as (...a: unknown[]) => unknown)(...args);
        host?.calls.push([method, args]);
        host?.start();
      };
    const form = {
      control: { defaults: state.defaults },
      formState: {
        errors: {},
        isSubmitting: false,
        isSubmitted: false,
        isSubmitSuccessful: false,
        isDirty: false,
        isValid: false,
        isValidating: false,
        isLoading: false,
        isReady: false,
        disabled: false,
        submitCount: 0,
        dirtyFields: {},
        touchedFields: {},
        validatingFields: {},
        defaultValues: state.defaults,
      },
      register: (name: string) => ({
        name,
        onChange: async () => {},
        onBlur: async () => {},
        ref: (el: Field | null) => host?.track(el, valueAt(form.control.defaults, name)),
      }),
      handleSubmit: () => (e?: { preventDefault?: () => void }) => {
        e?.preventDefault?.();
        if (host) host.submit = true;
        host?.start();
        return Promise.resolve();
      },
      getValues: (name?: string) =>
        name === undefined ? form.control.defaults : valueAt(form.control.defaults, name),
      watch: (name?: string) =>
        name === undefined ? form.control.defaults : valueAt(form.control.defaults, name),
      // The page's own reset to what it already shows (e.g. the profile refetched): nothing to load.
      reset: (values?: FieldValues) => {
        if (!values) return;
        form.control.defaults = values;
        host?.fill(values);
      },
      setValue: later('setValue'),
      setError: later('setError'),
      clearErrors: later('clearErrors'),
      setFocus: later('setFocus'),
      trigger: async () => false,
      resetField: later('resetField'),
      unregister: later('unregister'),
      getFieldState: () => ({ invalid: false, isDirty: false, isTouched: false, isValidating: false }),
      subscribe: () => () => {},
    };
    ref.current = form as unknown as UseFormReturn<T>;
  }
  return ref.current;
}

export function useForm<T extends FieldValues>(props?: UseFormProps<T>): UseFormReturn<T> {
  const lib = useLib();
  const box = useContext(HostContext);
  // biome-ignore lint/correctness/useHookAtTopLevel: a component's library never changes (lazyForm remounts the form when it does)
  if (lib === STUB) return useStandIn(props, box?.host ?? null);
  // biome-ignore lint/correctness/useHookAtTopLevel: a component's library never changes (lazyForm remounts the form when it does)
  const form = lib.useForm<T>(props);
  // biome-ignore lint/correctness/useHookAtTopLevel: a component's library never changes (lazyForm remounts the form when it does)
  const wrapped = useRef(false);
  if (box && !wrapped.current) {
    wrapped.current = true;
    box.host.form = form as unknown as UseFormReturn<FieldValues>;
    const register = form.register;
    form.register = ((name, options) => {
      const field = register(name, options);
      return {
        ...field,
        ref: (el: Field | null) => {
          field.ref(el);
          if (el && !box.real.includes(el)) box.real.push(el);
        },
      };
    }) as typeof register;
  }
  return form;
}

export const useWatch = ((options: { control?: StandIn['control']; name?: string }) => {
  const lib = useLib();
  const context = useContext(StandInContext);
  if (lib === STUB) {
    const control = (options.control ?? context?.control) as unknown as StandIn['control'] | undefined;
    const defaults = control?.defaults;
    return options.name === undefined ? defaults : valueAt(defaults, options.name);
  }
  return (lib.useWatch as (o: unknown) => unknown)(options);
}) as typeof Rhf.useWatch;

const StandInContext = createContext<UseFormReturn<FieldValues> | null>(null);

export function useFormContext<T extends FieldValues>(): UseFormReturn<T> {
  const lib = useLib();
  const standIn = useContext(StandInContext);
  if (lib === STUB) return standIn as unknown as UseFormReturn<T>;
  // biome-ignore lint/correctness/useHookAtTopLevel: a component's library never changes (lazyForm remounts the form when it does)
  return lib.useFormContext<T>();
}

export function FormProvider<T extends FieldValues>(props: UseFormReturn<T> & { children: ReactNode }) {
  const lib = useLib();
  if (lib === STUB) {
    const { children, ...form } = props;
    return createElement(
      StandInContext.Provider,
      { value: form as unknown as UseFormReturn<FieldValues> },
      children,
    );
  }
  return createElement(lib.FormProvider as ComponentType<typeof props>, props);
}
