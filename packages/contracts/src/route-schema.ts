/**
 * The pieces the endpoint schemas (endpoint-schemas.ts and the two halves it joins) are written
 * with: an entry's shape, a group's tags, and the answer a family of endpoints shares, stated once.
 */
import { z } from 'zod';

/** The schema part of a route's options (Fastify's `schema`, with zod schemas). */
export interface RouteSchema {
  tags: string[];
  summary?: string;
  /** `['multipart/form-data']` for an upload: its body is read by the handler, not by a schema. */
  consumes?: string[];
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** The answer under its one success status (200, 201, 202, or 204 with `noContent`). */
  response?: { [status: number]: z.ZodType };
}

/** An entry without its group's tags. */
export type Entry = Omit<RouteSchema, 'tags'>;
/** What an entry takes (summary, params, query, body), without its answer. */
type Input = Omit<Entry, 'response'>;

/** A group's entries, each with the group's OpenAPI tags. */
export function tagged<T extends Record<string, Entry>>(
  tags: string[],
  entries: T,
): { [K in keyof T]: T[K] & { tags: string[] } } {
  return Object.fromEntries(Object.entries(entries).map(([name, e]) => [name, { tags, ...e }])) as {
    [K in keyof T]: T[K] & { tags: string[] };
  };
}

/**
 * The entries of the endpoints that give the same answer: `answering(s)(input)` is `input` with
 * `s` as its answer under `status` (200 OK, 201 Created, 202 Accepted, or 204 with `noContent`: `done`).
 *
 *   const ownProfile = answering(ownProfileSchema);
 *   update: ownProfile({ body: profileUpdateSchema }),
 */
export function answering<R extends z.ZodType, S extends 200 | 201 | 202 | 204 = 200>(
  response: R,
  status?: S,
) {
  type Answer = { response: { [K in S]: R } };
  // Two signatures: an entry of the answer alone has no input for its type to be inferred from.
  function entry(): Answer;
  function entry<I extends Input>(input: I): I & Answer;
  function entry(input?: Input) {
    return { ...input, response: { [status ?? 200]: response } };
  }
  return entry;
}

/**
 * The answer of an endpoint that answers 204 No Content: no body (the OpenAPI document shows a
 * 204 without content; the handler replies `reply.status(204).send()`).
 */
export const noContent = z.null();

/** The entries of the endpoints that answer 204 No Content: `done({ summary, params })`. */
export const done = answering(noContent, 204);

/** A member's or a record's id in a path (anything longer than 64 is no id of ours). */
export const idParams = z.object({ id: z.string().max(64) });
