import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import en from '../../../../../../packages/i18n/locales/en.json';
import { I18nProvider, Translations } from '../../../app/translation.ts';
import { AreaTabs } from '../ui/AreaTabs.tsx';
import { SettingControl } from './SettingControl.tsx';
import { type SettingField, settingFields } from './site-form-model.ts';

const i18n = () => new Translations('en', en as never);
const field = (key: string) => settingFields().find((f) => f.key === key) as SettingField;
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An element whose start tag holds every attribute given, in any order, and then the text given. */
const element = (tag: string, attrs: string[], text = '') =>
  new RegExp(`<${tag}\\b${attrs.map((a) => `(?=[^>]*\\s${esc(a)}[\\s>/"=])`).join('')}[^>]*>${esc(text)}`);
const html = (node: React.ReactNode) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={['/admin/moderation/photos']}>
      <I18nProvider i18n={i18n()}>{node}</I18nProvider>
    </MemoryRouter>,
  );
const noop = () => {};

describe('the site editor controls (issue 26 item 17)', () => {
  it('names a setting in words, never by its key', () => {
    const out = html(
      <SettingControl field={field('delete_discount')} value="30" errors={{}} onChange={noop} />,
    );
    expect(out).toContain(en.admin.sites.field.delete_discount);
    expect(out).toContain('type="number"');
    expect(out).not.toContain('>delete_discount<');
  });

  it('offers the niche by name and a yes/no setting as a switch', () => {
    const niche = html(<SettingControl field={field('niche')} value="2" errors={{}} onChange={noop} />);
    expect(niche).toMatch(
      element('option', ['value="2"', 'selected'], `${en.admin.sites.niches['2']}</option>`),
    );
    const sw = html(
      <SettingControl field={field('member_resell')} value={true} errors={{}} onChange={noop} />,
    );
    expect(sw).toContain('role="switch"');
    expect(sw).toContain(en.admin.sites.field.member_resell);
  });

  it('shows direct debit as its own fields, with a refusal under the one refused', () => {
    const value = JSON.stringify({ creditor_id: 'NL00', max_order_amount: '4000', max_per_30_days: '3' });
    const out = html(
      <SettingControl
        field={field('direct_debit')}
        value={value}
        errors={{ 'config.direct_debit.max_per_30_days': 'Too small' }}
        onChange={noop}
      />,
    );
    expect(out).toContain(en.admin.sites.group.direct_debit.creditor_id);
    expect(out).toContain('value="NL00"');
    expect(out).toContain('Too small');
  });

  it('keeps a stored word outside the list as an option of its own', () => {
    const out = html(
      <SettingControl field={field('signups')} value="partners" errors={{}} onChange={noop} />,
    );
    expect(out).toMatch(element('option', ['value="partners"', 'selected'], 'partners</option>'));
    expect(out).toContain(en.admin.sites.words.all);
  });
});

describe('the console tabs', () => {
  it('are links in a labelled navigation, the current page marked', () => {
    const out = html(
      <AreaTabs
        label="Moderation"
        tabs={[
          ['/admin/moderation', 'Reports'],
          ['/admin/moderation/photos', 'Photos'],
        ]}
      />,
    );
    expect(out).toMatch(element('nav', ['class="adm-tabs"', 'aria-label="Moderation"']));
    expect(out).toMatch(
      element(
        'a',
        ['aria-current="page"', 'href="/admin/moderation/photos"', 'class="adm-tabs__tab'],
        'Photos</a>',
      ),
    );
    const reports = out.match(/<a\b[^>]*>Reports<\/a>/)?.[0] ?? '';
    expect(reports).toMatch(element('a', ['href="/admin/moderation"', 'class="adm-tabs__tab']));
    expect(reports).not.toContain('aria-current');
  });
});
