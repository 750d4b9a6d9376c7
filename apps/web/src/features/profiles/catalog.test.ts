import fs from 'node:fs';
import path from 'node:path';
import {
  COMPLAINT_REASONS,
  ownPhotoSchema,
  regionLabel,
  SEXUALITIES,
  searchCardSchema,
} from '@amora/contracts';
import { describe, expect, it } from 'vitest';
import { missingEnglish } from '../../test/helpers.ts';

describe('English labels for everything the profile screens enumerate', () => {
  it('labels reasons, activities, photo states, region words, sexualities and visible fields', () => {
    const fields = ['gender', 'seeking', 'sexuality', 'relationship_status', 'body_type', 'hair_color'];
    const keys = [
      ...COMPLAINT_REASONS.map((r) => `complaints.reasons.${r}`),
      ...searchCardSchema.shape.activity.options.map((a) => `member.activity.${a}`),
      ...ownPhotoSchema.shape.status.options.map((s) => `photos.status.${s}`),
      ...regionLabel.options.flatMap((l) => [`location.regionLabel.${l}`, `location.anyRegion.${l}`]),
      ...SEXUALITIES.map((s) => `member.sexuality.${s}`),
      ...[...fields, 'eye_color', 'tattoos', 'signup_reason'].map((f) => `member.fields.${f}`),
      ...['login_to_like', 'login_to_chat', 'login_to_see_photos', 'login_to_gift'].map((c) => `errors.${c}`),
      ...['photo_invalid', 'photo_too_large', 'photo_too_many_pixels', 'photo_limit'].map(
        (c) => `errors.${c}`,
      ),
      'errors.blocked_by_member',
      'errors.premium_photo',
      'errors.premium_only',
    ];
    expect(missingEnglish(keys)).toEqual([]);
  });

  it('has a message for every error code the profile schemas use', () => {
    const source = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../../packages/contracts/src/profiles.ts'),
      'utf8',
    );
    const codes = [...source.matchAll(/error: '([a-z_]+)'/g)].map((m) => m[1]!);
    expect(codes.length).toBeGreaterThan(3);
    expect(missingEnglish([...new Set(codes)].map((c) => `errors.${c}`))).toEqual([]);
  });
});
