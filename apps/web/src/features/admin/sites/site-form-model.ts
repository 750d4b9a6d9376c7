import { siteConfigSchema } from '@amora/contracts';
import { z } from 'zod';

/**
 * The console's site form is generated from siteConfigSchema, the schema the server checks a saved
 * site with (and the site directory at load): every setting of spec §3 gets a control by its type,
 * so a setting added to the schema appears here by itself, and the server's refusal names the
 * same field (`config.<setting>`).
 */
export type Control =
  | { kind: 'text'; pattern?: string; maxLength?: number }
  | { kind: 'number'; min?: number; max?: number }
  | { kind: 'boolean' }
  | { kind: 'choice'; options: string[]; numeric?: boolean }
  | { kind: 'lines' }
  | { kind: 'group'; fields: SettingField[] }
  | { kind: 'json' };

export interface SettingField {
  key: string;
  required: boolean;
  control: Control;
}

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/** The niche (spec §3) is a number, picked by its name from the seven. */
const NICHE_CONTROL: Control = {
  kind: 'choice',
  options: ['1', '2', '3', '4', '5', '6', '7'],
  numeric: true,
};

/**
 * Text settings whose values the product reads as a few words (rules.ts signupsOpen,
 * loggedOutSearchVisible; the entry warning): picked from a list. A stored value outside it still
 * shows as an option of its own (SettingControl), so nothing is lost by opening the form.
 */
const WORD_CHOICES: Record<string, string[]> = {
  signups: ['all', 'with_trafficsource', 'none'],
  logged_out_search: ['all', 'none'],
  logged_out_search_trafficsource: ['all', 'none'],
  enable_site_entry_popup: ['yes', 'no'],
};

function fieldsOf(s: JsonSchema): SettingField[] {
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties ?? {}).map(([key, p]) => ({
    key,
    required: required.has(key),
    control:
      key === 'niche'
        ? NICHE_CONTROL
        : WORD_CHOICES[key]
          ? { kind: 'choice', options: WORD_CHOICES[key] }
          : controlOf(p),
  }));
}

/** An object of plain values only (text, numbers, switches): a group of its own fields, not JSON. */
function isPlainGroup(s: JsonSchema): boolean {
  const props = Object.values(s.properties ?? {});
  return (
    s.type === 'object' &&
    props.length > 0 &&
    props.every((p) => ['string', 'integer', 'number', 'boolean'].includes(String(p.type)))
  );
}

function controlOf(s: JsonSchema): Control {
  if (s.enum?.every((v) => typeof v === 'string')) return { kind: 'choice', options: s.enum as string[] };
  if (s.type === 'string') return { kind: 'text', pattern: s.pattern, maxLength: s.maxLength };
  if (s.type === 'integer' || s.type === 'number')
    return {
      kind: 'number',
      min: s.minimum,
      max: s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER ? s.maximum : undefined,
    };
  if (s.type === 'boolean') return { kind: 'boolean' };
  if (s.type === 'array' && s.items?.type === 'string' && !s.items.enum) return { kind: 'lines' };
  if (isPlainGroup(s)) return { kind: 'group', fields: fieldsOf(s) };
  return { kind: 'json' };
}

let cached: SettingField[] | undefined;

/** Every setting of a site, in the schema's order, with the control that edits it. */
export function settingFields(): SettingField[] {
  if (cached) return cached;
  const schema = z.toJSONSchema(siteConfigSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  cached = fieldsOf(schema);
  return cached;
}

/** A group's texts, by `<setting>.<field>`, kept flat beside the others. */
export type Texts = Record<string, string | boolean>;

/** What a control shows for a stored value (a group: a JSON text of its fields' texts, see groupTexts). */
export function toText(control: Control, value: unknown): string | boolean {
  if (control.kind === 'boolean') return value === true;
  if (control.kind === 'group')
    return JSON.stringify(
      Object.fromEntries(
        control.fields.map((f) => [
          f.key,
          toText(f.control, (value as Record<string, unknown> | undefined)?.[f.key]),
        ]),
      ),
    );
  if (value === undefined || value === null) return '';
  if (control.kind === 'lines') return (value as string[]).join('\n');
  if (control.kind === 'json') return JSON.stringify(value, null, 2);
  return String(value);
}

/**
 * The config to send, from the controls' texts; `bad` names the fields whose text could not be
 * read (JSON that does not parse). Empty optional fields are left out (the schema's default holds).
 */
export function fromTexts(
  fields: SettingField[],
  texts: Record<string, string | boolean>,
): { config: Record<string, unknown>; bad: string[] } {
  const config: Record<string, unknown> = {};
  const bad: string[] = [];
  for (const f of fields) {
    const raw = texts[f.key];
    const c = f.control;
    if (c.kind === 'boolean') {
      // An optional switch without a default reads as off when absent: off is left out.
      if (raw === true || f.required) config[f.key] = raw === true;
      continue;
    }
    if (c.kind === 'group') {
      const inner = fromTexts(c.fields, JSON.parse(typeof raw === 'string' && raw ? raw : '{}') as Texts);
      config[f.key] = inner.config;
      bad.push(...inner.bad.map((k) => `${f.key}.${k}`));
      continue;
    }
    const text = typeof raw === 'string' ? raw : '';
    if (text.trim() === '' && !f.required) continue;
    if (c.kind === 'choice' && c.numeric) config[f.key] = Number(text);
    else if (c.kind === 'number') config[f.key] = text.trim() === '' ? undefined : Number(text);
    else if (c.kind === 'lines')
      config[f.key] = text
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
    else if (c.kind === 'json') {
      try {
        config[f.key] = JSON.parse(text);
      } catch {
        bad.push(f.key);
      }
    } else config[f.key] = text;
  }
  return { config, bad };
}
