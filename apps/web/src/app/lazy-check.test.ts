import { complaintSchema, passwordChangeSchema } from '@amora/contracts';
import { describe, expect, it } from 'vitest';
import { lazyCheck, schemaCheck } from './lazy-check.ts';

describe('schemaCheck', () => {
  const complaint = schemaCheck<{ reason: string; text: string }>(
    complaintSchema.pick({ reason: true, text: true }),
  );

  it('passes good values with no errors', () => {
    expect(complaint({ reason: 'harassment', text: 'Somebody kept sending me rude messages.' })).toEqual({});
  });

  it("gives each failing field its first issue, the message being the server's error code", () => {
    const errors = complaint({ reason: '', text: 'short' });
    expect(errors.reason?.message).toBe('choose_option');
    expect(errors.text?.message).toBe('complaint_too_short');
  });

  it('puts a rule across fields on the field the schema names', () => {
    const check = schemaCheck(passwordChangeSchema);
    const errors = check({
      old_password: 'old-secret-1',
      new_password: 'new-secret-12',
      new_password_repeat: 'other-12345',
    });
    expect(errors.new_password_repeat?.message).toBe('passwords_mismatch');
    expect(errors.old_password).toBeUndefined();
  });
});

describe('lazyCheck', () => {
  it('loads once, on preload or the first check, and is ready afterwards', async () => {
    let loads = 0;
    const check = lazyCheck<{ a: string }>(async () => {
      loads++;
      return (v) => (v.a ? {} : { a: { message: 'field_required' } });
    });
    expect(check.ready()).toBeNull();
    check.preload();
    expect(await check({ a: '' })).toEqual({ a: { message: 'field_required' } });
    expect(await check({ a: 'x' })).toEqual({});
    expect(check.ready()).not.toBeNull();
    expect(loads).toBe(1);
  });
});
