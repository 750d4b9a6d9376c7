import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyCheck } from '../app/lazy-check.ts';
import { I18nProvider, Translations } from '../app/translation.ts';
import { useActionForm } from './use-action-form.ts';

type Values = { city: string; hair: string; about: string; mandate: boolean };
const check = lazyCheck<Values>(async () => () => ({}));

function Demo() {
  const f = useActionForm<Values>({
    check,
    defaultValues: { city: 'Berlin', hair: 'brown', about: 'Hello there', mandate: true },
    fields: ['city', 'hair', 'about', 'mandate'],
  });
  const { error: _, ...mandate } = f.toggle('mandate');
  return (
    <form {...f.form} onSubmit={f.submit(async () => {})}>
      <input aria-label="city" {...f.field('city')} />
      <select aria-label="hair" {...f.field('hair')}>
        <option value="">none</option>
        <option value="brown">brown</option>
      </select>
      <textarea aria-label="about" {...f.field('about')} />
      <input type="checkbox" aria-label="mandate" {...mandate} />
    </form>
  );
}

describe('useActionForm', () => {
  // The premise of keeping what is typed before the script runs: the fields are whole in the
  // server's HTML, and hydration leaves an uncontrolled field's value as the member left it.
  it("renders the default values into the server's HTML", () => {
    const html = renderToStaticMarkup(
      <I18nProvider i18n={new Translations('en', {})}>
        <Demo />
      </I18nProvider>,
    );
    expect(html).toContain('name="city" value="Berlin"');
    expect(html).toMatch(/<option value="brown" selected(="")?>brown<\/option>/);
    expect(html).toContain('>Hello there</textarea>');
    expect(html).toMatch(/type="checkbox"[^>]*checked(="")?/);
    expect(html).toMatch(/<form novalidate(="")?[ >]/i);
  });
});
