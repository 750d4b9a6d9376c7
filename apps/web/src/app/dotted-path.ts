/**
 * The value at a dotted path (`a.b.c`) in nested objects, undefined where a step is missing: a
 * catalog key (app/translation.ts) or a form field's name, as react-hook-form's `get` finds it
 * without loading react-hook-form (ui/form-errors.ts).
 */
export function valueAt(values: unknown, path: string): unknown {
  let node = values;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}
