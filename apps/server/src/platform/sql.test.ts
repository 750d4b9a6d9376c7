import { describe, expect, it } from 'vitest';
import { compile, sql, sqlText } from './sql.ts';

describe('sql tagged template', () => {
  it('sends every value as a numbered parameter, never in the text', () => {
    const name = "Robert'); DROP TABLE users;--";
    expect(compile(sql`SELECT id FROM users WHERE name = ${name} AND site_id = ${3}`)).toEqual({
      text: 'SELECT id FROM users WHERE name = $1 AND site_id = $2',
      values: [name, 3],
    });
  });

  it('numbers the values of nested pieces in place and splices constant text', () => {
    const mode = sql`CASE WHEN ${'both'} = 'both' THEN 'bi' END`;
    expect(
      compile(sql`SELECT ${sqlText('a, b')} FROM t WHERE x = ${1} AND m = ${mode} AND y = ${2}`),
    ).toEqual({
      text: "SELECT a, b FROM t WHERE x = $1 AND m = CASE WHEN $2 = 'both' THEN 'bi' END AND y = $3",
      values: [1, 'both', 2],
    });
  });
});
