import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded media live (issue 28 item 1): one interface, two stores. The local folder under
 * DATA_DIR (the default) or an S3-compatible bucket (AWS S3, MinIO, R2, B2...; MEDIA_STORE=s3).
 * Keys are made by the server, never by clients. Nothing is ever a public object: profile photos
 * go out through /media/p (signed, expiring addresses, platform/media.ts), chat pictures through
 * the chat's route for the pair only; a bucket needs no public access at all.
 *
 * A store that cannot answer (down, hung past its timeout, 5xx) throws MediaStoreUnavailable,
 * which the error handler answers 503 with Retry-After (platform/error-handler.ts).
 */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** Writes one object whole or not at all. */
  put(key: string, data: Buffer): Promise<void>;
  /** Writes a set of objects (a photo's variants) all or none. */
  putAll(files: [key: string, data: Buffer][]): Promise<void>;
  /** The object's bytes, or undefined when there is none under the key. */
  get(key: string): Promise<Buffer | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes the object (none under the key is no error). */
  remove(key: string): Promise<void>;
  /** Throws unless the store answers now (the readiness probe). */
  ping(): Promise<void>;
}

/** Older name of the interface, kept for the features that take a store. */
export type Storage = MediaStore;

/** The store could not answer: an outage, not the request's fault (503, error-handler.ts). */
export class MediaStoreUnavailable extends Error {
  readonly code = 'EMEDIASTORE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MediaStoreUnavailable';
  }
}

const KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

export function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`bad storage key ${key}`);
  return key;
}

/**
 * Writes the files one after the other; when one fails, those already written are removed before
 * the error is thrown (issue 24 item 8: a full disk left orphan variants). A removal that fails
 * too (the store went away mid-upload) is kept and tried again on the store's next success.
 */
export async function putAllOrNone(
  store: MediaStore,
  files: [key: string, data: Buffer][],
  leftovers: Set<string>,
): Promise<void> {
  const written: string[] = [];
  try {
    for (const [key, data] of files) {
      // Counted before the write: a write that timed out may still land on a remote store.
      written.push(key);
      await store.put(key, data);
    }
  } catch (err) {
    await Promise.all(written.map((k) => store.remove(k).catch(() => leftovers.add(k))));
    throw err;
  }
  await sweep(store, leftovers);
}

/** Removes what an interrupted putAll left behind, now that the store answers again. */
export async function sweep(store: MediaStore, leftovers: Set<string>): Promise<void> {
  for (const k of [...leftovers]) {
    await store.remove(k).then(
      () => leftovers.delete(k),
      () => {},
    );
  }
}

/** The local folder (DATA_DIR/media for photos, DATA_DIR/private for chat pictures). */
export class LocalStore implements MediaStore {
  readonly kind = 'local' as const;
  private leftovers = new Set<string>();
  constructor(readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, checkKey(key));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    } catch (err) {
      await fs.rm(tmp, { force: true }).catch(() => {});
      throw err;
    }
  }

  putAll(files: [key: string, data: Buffer][]): Promise<void> {
    return putAllOrNone(this, files, this.leftovers);
  }

  async get(key: string): Promise<Buffer | undefined> {
    return fs.readFile(this.file(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'EISDIR' || err.code === 'ENOTDIR') return undefined;
      throw err;
    });
  }

  async exists(key: string): Promise<boolean> {
    return fs.access(this.file(key)).then(
      () => true,
      () => false,
    );
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  async ping(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
    await fs.access(this.root, fsSync.constants.W_OK);
  }
}

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Addresses as endpoint/bucket/key (MinIO and most self-hosted stores) instead of bucket.endpoint/key. */
  forcePathStyle: boolean;
  /** How long one request may take before the store counts as unavailable (ms). */
  timeoutMs: number;
}

export interface MediaStores {
  /** Profile photos and demo portraits: `p/...`, `demo/...` (served by /media/p and /media/demo). */
  photos: MediaStore;
  /** Chat pictures: `c/...`, served to the conversation's pair only. */
  chat: MediaStore;
}

/**
 * The stores the configuration names (MEDIA_STORE): the local folders, or prefixes of one bucket.
 * The AWS SDK is loaded only for a bucket (a local install starts without it).
 */
export async function openMediaStores(dataDir: string, s3?: S3Settings): Promise<MediaStores> {
  if (s3) {
    const { S3Store } = await import('./storage-s3.ts');
    const client = S3Store.client(s3);
    return {
      photos: new S3Store(client, s3.bucket, 'media/'),
      chat: new S3Store(client, s3.bucket, 'private/'),
    };
  }
  return { photos: new LocalStore(path.join(dataDir, 'media')), chat: chatMediaStorage(dataDir) };
}

export { mediaUrl } from './media.ts';

/**
 * Where chat photos live: DATA_DIR/private, outside the public media root. Files an older version
 * kept under media/c move here on first use.
 */
export function chatMediaStorage(dataDir: string): LocalStore {
  const root = path.join(dataDir, 'private');
  const old = path.join(dataDir, 'media', 'c');
  if (fsSync.existsSync(old) && !fsSync.existsSync(path.join(root, 'c'))) {
    fsSync.mkdirSync(root, { recursive: true });
    fsSync.renameSync(old, path.join(root, 'c'));
  }
  return new LocalStore(root);
}
