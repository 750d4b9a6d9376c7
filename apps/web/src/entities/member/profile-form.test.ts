import type { OwnProfile } from '@amora/contracts';
import { describe, expect, it } from 'vitest';
import { changedFields, toFormValues, toUpdate } from './profile-form.ts';

const profile: OwnProfile = {
  id: 'p1',
  name: 'Anna',
  gender: 'female',
  seeking: 'male',
  sexuality: 'hetero',
  birth_date: '1990-01-01',
  age: 35,
  country: 'US',
  region: null,
  city: null,
  about: '',
  interests: ['music'],
  hair_color: 'red',
  eye_color: null,
  body_type: null,
  relationship_status: null,
  tattoos: null,
  signup_reason: null,
  invisible: false,
  photos: [],
  photo_limit: 3,
  completeness: 40,
  missing: ['photo'],
};

describe('profile editor values', () => {
  it('turns empty answers into null and yes/no into booleans', () => {
    const v = { ...toFormValues(profile), tattoos: 'yes' as const, city: '  Boston ', hair_color: '' };
    expect(toUpdate(v)).toMatchObject({ tattoos: true, city: 'Boston', hair_color: null, region: null });
  });

  it('sends only what changed', () => {
    expect(changedFields(toFormValues(profile), profile)).toEqual({});
    const v = {
      ...toFormValues(profile),
      city: 'New York',
      region: 'New York',
      interests: ['music', 'wine'],
    };
    expect(changedFields(v, profile)).toEqual({
      city: 'New York',
      region: 'New York',
      interests: ['music', 'wine'],
    });
  });

  it('does not count a reordered interest list as a change', () => {
    const p = { ...profile, interests: ['music', 'wine'] };
    expect(changedFields({ ...toFormValues(p), interests: ['wine', 'music'] }, p)).toEqual({});
  });
});
