import { siteConfigSchema } from '@amora/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_SITES } from '../../../../../server/src/seed/demo-sites.ts';
import { fromTexts, settingFields, toText } from './site-form-model.ts';

describe('the console site form, generated from siteConfigSchema', () => {
  it('has a control for every setting of the schema', () => {
    const keys = settingFields().map((f) => f.key);
    expect(keys).toEqual(Object.keys(siteConfigSchema.shape));
    const kinds = Object.fromEntries(settingFields().map((f) => [f.key, f.control.kind]));
    expect(kinds).toMatchObject({
      name: 'text',
      niche: 'choice',
      direct_debit: 'group',
      signups: 'choice',
      enable_site_entry_popup: 'choice',
      packages: 'json',
      member_resell: 'boolean',
      photo_approval: 'choice',
      company_tradenames: 'lines',
      minimum_message_costs: 'json',
      fictional_profiles: 'boolean',
    });
  });

  it('gives back every demo site as the server would store it (texts there and back)', () => {
    const fields = settingFields();
    for (const site of DEMO_SITES) {
      const config = siteConfigSchema.parse(site.config) as Record<string, unknown>;
      const texts = Object.fromEntries(fields.map((f) => [f.key, toText(f.control, config[f.key])]));
      const { config: back, bad } = fromTexts(fields, texts);
      expect(bad).toEqual([]);
      expect(siteConfigSchema.parse(back)).toEqual(config);
    }
  });

  it('names a structured setting whose JSON does not parse, and leaves empty optional ones out', () => {
    const fields = settingFields();
    const { config, bad } = fromTexts(fields, { minimum_message_costs: '{ nope', brand_color: '' });
    expect(bad).toContain('minimum_message_costs');
    expect('brand_color' in config).toBe(false);
  });
});
