/**
 * A form's values read from and put into its fields by name, the fields being plain uncontrolled
 * inputs (ui/use-action-form.ts). The shape of `like` (the default values) says what each name
 * holds: a string, a list (checkboxes of one name) or a flag (one checkbox).
 */
export type FormValues = Record<string, string | string[] | boolean>;

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function fieldsNamed(form: HTMLFormElement, name: string): Field[] {
  return [...form.elements].filter((el): el is Field => 'name' in el && (el as Field).name === name);
}

const isToggle = (el: Field): el is HTMLInputElement => el.type === 'checkbox' || el.type === 'radio';

/** What the form's fields hold now, in the shape of `like`. */
export function readForm<T extends FormValues>(form: HTMLFormElement, like: T): T {
  const out: FormValues = {};
  for (const [name, d] of Object.entries(like)) {
    const fields = fieldsNamed(form, name);
    if (Array.isArray(d)) {
      out[name] = fields.filter((el) => isToggle(el) && el.checked).map((el) => el.value);
    } else if (typeof d === 'boolean') {
      out[name] = fields.some((el) => isToggle(el) && el.checked);
    } else {
      const toggles = fields.filter(isToggle);
      out[name] = toggles.length
        ? (toggles.find((el) => el.checked)?.value ?? '')
        : (fields[0]?.value ?? (d as string));
    }
  }
  return out as T;
}

/** Puts `values` into the form's fields (a reset to what the page now shows). */
export function fillForm(form: HTMLFormElement, values: FormValues) {
  for (const [name, v] of Object.entries(values)) {
    for (const el of fieldsNamed(form, name)) {
      if (isToggle(el)) {
        el.checked = Array.isArray(v) ? v.includes(el.value) : typeof v === 'boolean' ? v : el.value === v;
      } else if (typeof v === 'string') {
        el.value = v;
      }
    }
  }
}

/** Focuses the first field, in the form's order, whose name is in `names`. */
export function focusFirst(form: HTMLFormElement | null, names: readonly string[]) {
  if (!form) return;
  const el = [...form.elements].find(
    (e): e is Field => 'name' in e && names.includes((e as Field).name) && !(e as Field).disabled,
  );
  el?.focus();
}
