import { Redis } from 'ioredis';
import pg from 'pg';
import { expect, test } from 'vitest';
import { startPgCluster, startRedisServer } from './procs.ts';

test('the fault tests own their servers: a PostgreSQL cluster that restarts and a Redis that dies and comes back', async () => {
  const cluster = await startPgCluster();
  try {
    const before = new pg.Client({ connectionString: cluster.url });
    await before.connect();
    const cut = new Promise<string | undefined>((resolve) =>
      before.on('error', (e) => resolve((e as { code?: string }).code)),
    );
    await cluster.restart();
    expect(await cut).toBe('57P01');
    const after = new pg.Client({ connectionString: cluster.url });
    await after.connect();
    expect((await after.query('SELECT 2 AS two')).rows[0].two).toBe(2);
    await after.end();
  } finally {
    await cluster.destroy();
  }
  const redis = await startRedisServer();
  const client = new Redis(redis.url, { maxRetriesPerRequest: 1, retryStrategy: () => 50 });
  client.on('error', () => {});
  try {
    await client.set('k', 'v');
    await redis.kill();
    await expect(client.get('k')).rejects.toThrow();
    await redis.start();
    await new Promise<void>((resolve) =>
      client.status === 'ready' ? resolve() : client.once('ready', () => resolve()),
    );
    expect(await client.get('k')).toBeNull();
  } finally {
    client.disconnect();
    await redis.destroy();
  }
});
