import { describe, expect, it } from 'vitest';
import { birthYears, daysInMonth, dobToIso, isoToDob, updateDob } from './dob.ts';

describe('date of birth selects', () => {
  it('turns day, month and year into an ISO date once all three are chosen', () => {
    expect(dobToIso({ day: '7', month: '3', year: '1990' })).toBe('1990-03-07');
    expect(dobToIso({ day: '31', month: '12', year: '2001' })).toBe('2001-12-31');
    expect(dobToIso({ day: '', month: '3', year: '1990' })).toBe('');
    expect(dobToIso({ day: '7', month: '', year: '1990' })).toBe('');
  });

  it('reads an ISO date back into the selects', () => {
    expect(isoToDob('1990-03-07')).toEqual({ day: '7', month: '3', year: '1990' });
    expect(isoToDob('')).toEqual({ day: '', month: '', year: '' });
    expect(isoToDob('1990-3-7')).toEqual({ day: '', month: '', year: '' });
  });

  it('knows month lengths and leap years', () => {
    expect(daysInMonth(1)).toBe(31);
    expect(daysInMonth(4)).toBe(30);
    expect(daysInMonth(2)).toBe(29);
    expect(daysInMonth(2, 1999)).toBe(28);
    expect(daysInMonth(2, 2000)).toBe(29);
    expect(daysInMonth(2, 1900)).toBe(28);
    expect(daysInMonth('')).toBe(31);
  });

  it('clears a day the chosen month does not have instead of moving it', () => {
    expect(updateDob({ day: '31', month: '1', year: '' }, { month: '4' })).toEqual({
      day: '',
      month: '4',
      year: '',
    });
    expect(updateDob({ day: '29', month: '2', year: '' }, { year: '2001' }).day).toBe('');
    expect(updateDob({ day: '29', month: '2', year: '' }, { year: '2000' }).day).toBe('29');
    expect(updateDob({ day: '', month: '', year: '' }, { day: '5' }).day).toBe('5');
  });

  it('offers the years from 18 to 99 years ago, newest first', () => {
    const years = birthYears(new Date('2026-06-01T00:00:00Z'));
    expect(years[0]).toBe(2008);
    expect(years.at(-1)).toBe(1926);
  });
});
