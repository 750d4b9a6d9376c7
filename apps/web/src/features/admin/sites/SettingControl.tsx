import { useId } from 'react';
import { useTranslation } from '../../../app/translation.ts';
import { SelectField, TextAreaField, TextField } from '../../../ui/fields.tsx';
import '../../../ui/switch.css';
import type { SettingField, Texts } from './site-form-model.ts';

type T = (k: string, o?: Record<string, unknown>) => string;

/** A setting's translated name (`admin.sites.field.<key>`; a group's field: `admin.sites.group.<group>.<key>`). */
const labelOf = (t: T, key: string, group?: string) =>
  t(group ? `admin.sites.group.${group}.${key}` : `admin.sites.field.${key}`);

/** What kind of value a setting takes, its range, and whether it may stay empty. */
function kindHint(f: SettingField, t: T): string | undefined {
  const c = f.control;
  const parts: string[] = [];
  if (c.kind === 'number') {
    parts.push(t('admin.sites.kind.number'));
    if (c.min !== undefined && c.max !== undefined)
      parts.push(t('admin.sites.range', { min: c.min, max: c.max }));
  } else if (c.kind === 'lines' || c.kind === 'json') parts.push(t(`admin.sites.kind.${c.kind}`));
  if (!f.required && c.kind !== 'boolean') parts.push(t('admin.sites.optional'));
  return parts.length ? parts.join(' · ') : undefined;
}

/** An option's words: the niches by name, photo approval by what it does, packages by number. */
function optionText(t: T, key: string, option: string, index: number): string {
  if (key === 'niche') return t(`admin.sites.niches.${option}`);
  if (key === 'photo_approval') return t(`admin.sites.photoApproval.${option}`);
  if (key === 'popular_package') return t('admin.sites.packageN', { n: index + 1 });
  return t(`admin.sites.words.${option}`, { defaultValue: option });
}

/** A refusal inside a structured setting (config.packages.0.credits) shown on that setting. */
function firstNested(errors: Record<string, string>, key: string): string | undefined {
  const hit = Object.entries(errors).find(([k]) => k.startsWith(`${key}.`));
  return hit ? `${hit[0].slice(key.length + 1)}: ${hit[1]}` : undefined;
}

/**
 * One site setting's control, by its kind: a number field, a switch, a select, a list (one entry a
 * line), a group of its own fields, or JSON where the value is truly structured. `errors` are the
 * form's, by `config.<key>` (a group's fields: `config.<group>.<key>`).
 */
export function SettingControl({
  field,
  value,
  errors,
  group,
  onChange,
}: {
  field: SettingField;
  value: string | boolean;
  errors: Record<string, string>;
  group?: string;
  onChange: (v: string | boolean) => void;
}) {
  const { t } = useTranslation();
  const switchId = useId();
  const c = field.control;
  const path = `config.${group ? `${group}.` : ''}${field.key}`;
  const error = errors[path] ?? firstNested(errors, path);
  const label = labelOf(t, field.key, group);
  const hint = kindHint(field, t);
  if (c.kind === 'group') {
    const inner = JSON.parse(typeof value === 'string' && value ? value : '{}') as Texts;
    return (
      <fieldset className="adm-sites__subgroup adm-sites__wide">
        <legend>{label}</legend>
        {c.fields.map((f) => (
          <SettingControl
            key={f.key}
            field={f}
            group={field.key}
            value={inner[f.key] ?? ''}
            errors={errors}
            onChange={(v) => onChange(JSON.stringify({ ...inner, [f.key]: v }))}
          />
        ))}
      </fieldset>
    );
  }
  if (c.kind === 'boolean')
    return (
      <div className="field adm-sites__switch">
        <label htmlFor={switchId}>
          <span>{label}</span>
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            name={field.key}
            checked={value === true}
            aria-checked={value === true}
            aria-invalid={error ? true : undefined}
            onChange={(e) => onChange(e.target.checked)}
          />
          <span className="switch__track" aria-hidden="true">
            <span className="switch__thumb" />
          </span>
        </label>
        {error ? <p className="field__error">{error}</p> : null}
      </div>
    );
  if (c.kind === 'choice')
    return (
      <SelectField
        label={label}
        hint={hint}
        name={field.key}
        value={String(value)}
        error={error}
        onChange={(e) => onChange(e.target.value)}
      >
        {field.required ? null : <option value="">—</option>}
        {c.options.map((o, i) => (
          <option key={o} value={o}>
            {optionText(t, field.key, o, i)}
          </option>
        ))}
        {value !== '' && !c.options.includes(String(value)) ? (
          <option value={String(value)}>{String(value)}</option>
        ) : null}
      </SelectField>
    );
  if (c.kind === 'json' || c.kind === 'lines')
    return (
      <TextAreaField
        className="adm-sites__wide"
        label={label}
        hint={hint}
        name={field.key}
        rows={c.kind === 'json' ? 6 : 3}
        spellCheck={false}
        value={String(value)}
        error={error}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  return (
    <TextField
      label={label}
      hint={hint}
      name={field.key}
      type={c.kind === 'number' ? 'number' : 'text'}
      inputMode={c.kind === 'number' ? 'numeric' : undefined}
      min={c.kind === 'number' ? c.min : undefined}
      max={c.kind === 'number' ? c.max : undefined}
      maxLength={c.kind === 'text' ? c.maxLength : undefined}
      value={String(value)}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
