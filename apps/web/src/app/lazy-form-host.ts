import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { valueAt } from './dotted-path.ts';

/** app/lazy-form.tsx's bookkeeping of one form's fields while it runs on the stand-in. */

export type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
interface Kept {
  name: string;
  type: string;
  value: string;
  checked: boolean;
  focused: boolean;
  selection: [number | null, number | null] | null;
}

/** One form's passage from the stand-in to react-hook-form. */
export class Host {
  readonly fields = new Set<Field>();
  readonly seen = new WeakSet<Field>();
  kept: Kept[] = [];
  calls: [keyof UseFormReturn, unknown[]][] = [];
  submit = false;
  form: UseFormReturn<FieldValues> | null = null;
  readonly state = new Map<string, unknown>();
  readonly stateListeners = new Set<() => void>();
  private pointerDown = false;
  private idle: (() => void) | null = null;

  constructor(readonly start: () => void) {}

  /** A field the stand-in rendered: its default value goes in, its use starts the load. */
  track(el: Field | null, value: unknown) {
    if (!el || this.seen.has(el)) return;
    this.seen.add(el);
    this.fields.add(el);
    put(el, value);
    for (const type of ['focus', 'keydown', 'input', 'change']) el.addEventListener(type, this.start);
    el.addEventListener('pointerdown', this.onPointerDown);
  }

  /** New default values before any use (the page reset the form to what it shows): into the fields. */
  fill(values: FieldValues) {
    for (const el of this.fields) put(el, valueAt(values, el.name));
  }

  private onPointerDown = () => {
    this.pointerDown = true;
    this.start();
    const up = () => {
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', up, true);
      // After the click that follows pointerup in the same task.
      setTimeout(() => {
        this.pointerDown = false;
        const swap = this.idle;
        this.idle = null;
        swap?.();
      });
    };
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', up, true);
  };

  /** Swaps when no pointer is held down on a field (a click that started on the stand-in ends there). */
  whenIdle(swap: () => void) {
    if (this.pointerDown) this.idle = swap;
    else swap();
  }

  /** What the stand-in's fields hold now, before they go. */
  keep() {
    const active = document.activeElement;
    this.kept = [...this.fields]
      .filter((el) => el.isConnected)
      .map((el) => ({
        name: el.name,
        type: el.type,
        value: el.value,
        checked: el instanceof HTMLInputElement && el.checked,
        focused: el === active,
        selection:
          el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? safeSelection(el) : null,
      }));
    this.fields.clear();
  }

  /** Puts what was kept into react-hook-form's fields, as if typed; then replays the rest. */
  restore(real: Field[]) {
    const used = new Set<Field>();
    for (const k of this.kept) {
      const el = real.find(
        (f) =>
          !used.has(f) && f.name === k.name && f.type === k.type && (!isToggle(f) || f.value === k.value),
      );
      if (!el) continue;
      used.add(el);
      if (el instanceof HTMLInputElement && isToggle(el)) {
        if (el.checked !== k.checked) el.click();
      } else if (el.value !== k.value) {
        const proto = Object.getPrototypeOf(el) as object;
        Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, k.value);
        el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
      }
      if (k.focused) {
        el.focus();
        if (k.selection && !(el instanceof HTMLSelectElement)) {
          try {
            el.setSelectionRange(k.selection[0], k.selection[1]);
          } catch {}
        }
      }
    }
    this.kept = [];
    const form = this.form;
    if (form) {
      for (const [method, args] of this.calls) (form[method] as (...a: unknown[]) => unknown)(...args);
    }
    this.calls = [];
    if (this.submit) {
      this.submit = false;
      real[0]?.form?.requestSubmit();
    }
  }
}

/** Puts a value into a field as react-hook-form does when it registers one. */
function put(el: Field, value: unknown) {
  if (el instanceof HTMLInputElement && isToggle(el)) {
    el.checked = Array.isArray(value)
      ? value.map(String).includes(el.value)
      : el.type === 'radio'
        ? String(value) === el.value
        : !!value;
  } else if (value !== undefined && value !== null) {
    el.value = String(value);
  }
}

const isToggle = (el: Field) => el.type === 'checkbox' || el.type === 'radio';
function safeSelection(el: HTMLInputElement | HTMLTextAreaElement): [number | null, number | null] | null {
  try {
    return [el.selectionStart, el.selectionEnd];
  } catch {
    return null;
  }
}
