import fs from 'node:fs';
import path from 'node:path';
import {
  BODY_TYPES,
  DELETE_REASONS,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  INTERESTS,
  RELATIONSHIP_STATUSES,
  signupDetailsSchema,
  signupRequestSchema,
} from '@amora/contracts';
import { describe, expect, it } from 'vitest';
import { missingEnglish } from '../../test/helpers.ts';
import { SENDING_STAGES } from '../signup/sending.ts';
import { SIGNUP_STEPS } from '../signup/steps.ts';

describe('English labels for everything the accounts screens enumerate', () => {
  it('has a label for every profile enumeration value, interest and delete reason', () => {
    const keys = [
      ...GENDERS.map((v) => `profile.gender.${v}`),
      ...signupRequestSchema.shape.seeking.options.map((v) => `profile.seeking.${v}`),
      ...HAIR_COLORS.map((v) => `profile.hair_color.${v}`),
      ...EYE_COLORS.map((v) => `profile.eye_color.${v}`),
      ...BODY_TYPES.map((v) => `profile.body_type.${v}`),
      ...RELATIONSHIP_STATUSES.map((v) => `profile.relationship_status.${v}`),
      ...signupDetailsSchema.shape.signup_reason.unwrap().options.map((v) => `profile.signup_reason.${v}`),
      ...INTERESTS.map((v) => `interests.${v}`),
      ...DELETE_REASONS.map((v) => `settings.deleteReason.${v}`),
      ...SENDING_STAGES.map((s) => `signup.sending.${s}`),
      ...SIGNUP_STEPS.flatMap((s) => [`signup.steps.${s.id}.short`, `signup.steps.${s.id}.title`]),
    ];
    expect(missingEnglish(keys)).toEqual([]);
  });

  it('has a message for every error code the account schemas use', () => {
    const source = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../../packages/contracts/src/accounts.ts'),
      'utf8',
    );
    const codes = [...source.matchAll(/(?:error|message): '([a-z_]+)'/g)].map((m) => m[1]!);
    expect(codes.length).toBeGreaterThan(10);
    expect(missingEnglish([...new Set(codes)].map((c) => `errors.${c}`))).toEqual([]);
  });
});
