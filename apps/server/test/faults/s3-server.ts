/**
 * An S3-compatible server of the test's own (s3rver, in this process, on a free loopback port)
 * behind a TCP relay the test controls: the store can be slow (the relay holds every request
 * unanswered, a hung store), gone (nothing listens: connection refused) and back, while the
 * objects stay on the server's disk. The app talks to the relay through the real AWS SDK.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { freePort } from './procs.ts';

export interface S3Server {
  /** The relay's address: what S3_ENDPOINT names. */
  endpoint: string;
  bucket: string;
  /** The environment of an app on this store (MEDIA_STORE=s3, path style, short timeout). */
  env: (timeoutS?: number) => Record<string, string>;
  /** Keys of the bucket's objects under `prefix` (listed through the SDK, not our code). */
  keys(prefix?: string): Promise<string[]>;
  /** Requests' heads as they passed the relay (method, path, headers), to see what was asked. */
  heads: string[];
  /** Every new request is taken and never answered (a hung store) until resume(). */
  hang(): void;
  resume(): void;
  /** Nothing listens any more (connections refused) until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'amora-media'): Promise<S3Server> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port: s3Port } = (await server.run()) as { port: number };
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let hanging = false;
  const heads: string[] = [];
  const relay = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    const connect = () => {
      if (client.destroyed) return;
      const upstream = net.connect(s3Port, '127.0.0.1');
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.on('error', () => client.destroy());
      client.on('data', (d: Buffer) => {
        const text = d.subarray(0, 2048).toString('latin1');
        if (/^[A-Z]+ \S+ HTTP\/1\.1\r\n/.test(text)) heads.push(text.split('\r\n\r\n')[0]!);
      });
      client.pipe(upstream).pipe(client);
    };
    // Hung: the request is taken and never answered, nor passed on (it never lands).
    if (hanging) client.resume();
    else connect();
  });
  const listen = () => new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
  await listen();
  const endpoint = `http://127.0.0.1:${port}`;
  const sdk = new S3Client({
    endpoint: `http://127.0.0.1:${s3Port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    endpoint,
    bucket,
    heads,
    env: (timeoutS = 2) => ({
      MEDIA_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'on',
      S3_TIMEOUT_SECONDS: String(timeoutS),
    }),
    keys: async (prefix = '') => {
      const out = await sdk.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (out.Contents ?? []).map((o) => o.Key!).sort();
    },
    hang: () => {
      hanging = true;
      // Connections kept alive by the SDK would bypass the hold: cut them so every request reconnects.
      for (const s of sockets) s.destroy();
    },
    resume: () => {
      hanging = false;
      for (const s of sockets) s.destroy();
    },
    stop: async () => {
      await new Promise<void>((resolve) => {
        relay.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    start: listen,
    close: async () => {
      hanging = false;
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => (relay.listening ? relay.close(() => resolve()) : resolve()));
      await server.close();
      sdk.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
