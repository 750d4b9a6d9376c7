import { z } from 'zod';
import type { Queryable, QueryOptions } from './db.ts';

const SQL = Symbol('sql');

/** A statement, or a piece of one, with its values kept apart from its text. */
export interface Sql {
  readonly [SQL]: true;
  readonly strings: readonly string[];
  readonly values: readonly unknown[];
}

const isSql = (v: unknown): v is Sql => typeof v === 'object' && v !== null && SQL in v;

/**
 * A statement with named values instead of counted `$1…$16`: sql`SELECT … WHERE id = ${id}`.
 * Every `${…}` is sent as a value ($n), never spliced into the text, except another sql`…` piece
 * (spliced with its own values) and a `sqlText(…)` (our own constant text: column lists).
 */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  return { [SQL]: true, strings: [...strings], values };
}

/** Constant text of ours (a column list, a shared expression): spliced as it is. Never a value. */
export function sqlText(text: string): Sql {
  return { [SQL]: true, strings: [text], values: [] };
}

/** The text with $1…$n and the values in their order, a piece's values numbered in place. */
export function compile(statement: Sql): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const walk = (s: Sql): string =>
    s.strings.reduce((text, part, i) => {
      if (i === 0) return part;
      const v = s.values[i - 1];
      if (isSql(v)) return text + walk(v) + part;
      values.push(v);
      return `${text}$${values.length}${part}`;
    }, '');
  return { text: walk(statement), values };
}

/**
 * The rows a statement answers, each checked against `row` (a zod schema of what the repo
 * promises): a column of another type or name fails here, at the repo, not in a caller.
 */
export async function rowsOf<S extends z.ZodType>(
  q: Queryable,
  row: S,
  statement: Sql,
  opts?: QueryOptions,
): Promise<z.output<S>[]> {
  const { text, values } = compile(statement);
  return (await q.query(text, values, opts)).map((r) => row.parse(r));
}

/** The first row a statement answers, checked, or undefined. */
export async function rowOf<S extends z.ZodType>(
  q: Queryable,
  row: S,
  statement: Sql,
  opts?: QueryOptions,
): Promise<z.output<S> | undefined> {
  return (await rowsOf(q, row, statement, opts))[0];
}

/** Runs a statement that answers no rows the caller reads (INSERT, UPDATE, DELETE). */
export async function run(q: Queryable, statement: Sql, opts?: QueryOptions): Promise<void> {
  const { text, values } = compile(statement);
  await q.query(text, values, opts);
}

const countRow = z.object({ n: z.number() });

/** A count: the `n` of a statement's first row (`SELECT count(*)::int AS n …`), 0 when it answers none. */
export async function countOf(q: Queryable, statement: Sql, opts?: QueryOptions): Promise<number> {
  return (await rowOf(q, countRow, statement, opts))?.n ?? 0;
}

/** Whether a statement answers any row (`SELECT 1 FROM … WHERE …`). */
export async function exists(q: Queryable, statement: Sql, opts?: QueryOptions): Promise<boolean> {
  const { text, values } = compile(statement);
  return (await q.query(text, values, opts)).length > 0;
}

/**
 * Which ways a relation of two rows holds in a table of pairs (a like, a block: `from` → `to`):
 * `ab` a row from `a` to `b`, `ba` one from `b` to `a`. `table`, `from` and `to` are our own names.
 */
export async function pairWays(
  q: Queryable,
  pairs: { table: string; from: string; to: string },
  a: string,
  b: string,
): Promise<{ ab: boolean; ba: boolean }> {
  const [table, from, to] = [sqlText(pairs.table), sqlText(pairs.from), sqlText(pairs.to)];
  const rows = await rowsOf(
    q,
    z.object({ from_id: z.string() }),
    sql`SELECT ${from} AS from_id FROM ${table}
         WHERE (${from} = ${a} AND ${to} = ${b}) OR (${from} = ${b} AND ${to} = ${a})`,
  );
  return { ab: rows.some((r) => r.from_id === a), ba: rows.some((r) => r.from_id === b) };
}
