import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import {
  checkKey,
  type MediaStore,
  MediaStoreUnavailable,
  putAllOrNone,
  type S3Settings,
  sweep,
} from './storage.ts';

/**
 * An S3-compatible bucket through the AWS SDK v3. The two areas are prefixes of one bucket
 * (`media/`, `private/`), objects are written without any ACL (the bucket's default: private).
 * Two attempts per call (a kept-alive connection the store closed meanwhile is tried once more), each
 * within S3_TIMEOUT_SECONDS: a hung store fails a member's request with 503 within twice that. Checksums only where the API requires them, which every S3-compatible
 * store accepts.
 */
export class S3Store implements MediaStore {
  readonly kind = 's3' as const;
  private leftovers = new Set<string>();
  constructor(
    readonly client: S3Client,
    readonly bucket: string,
    readonly prefix: string,
  ) {}

  static client(s: S3Settings): S3Client {
    const config: S3ClientConfig = {
      region: s.region,
      forcePathStyle: s.forcePathStyle,
      maxAttempts: 2,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        connectionTimeout: s.timeoutMs,
        requestTimeout: s.timeoutMs,
        // Without it the SDK only warns when a request runs over (a hung store would hold the member).
        throwOnRequestTimeout: true,
      },
    };
    if (s.endpoint) config.endpoint = s.endpoint;
    if (s.accessKeyId && s.secretAccessKey) {
      config.credentials = { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey };
    }
    return new S3Client(config);
  }

  private key(key: string): string {
    return `${this.prefix}${checkKey(key)}`;
  }

  private async call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw unavailable(what, err);
    }
  }

  put(key: string, data: Buffer): Promise<void> {
    const Key = this.key(key);
    return this.call('put', async () => {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key,
          Body: data,
          ContentLength: data.length,
          ContentType: key.endsWith('.jpg') ? 'image/jpeg' : 'application/octet-stream',
        }),
      );
    });
  }

  putAll(files: [key: string, data: Buffer][]): Promise<void> {
    return putAllOrNone(this, files, this.leftovers);
  }

  async get(key: string): Promise<Buffer | undefined> {
    const Key = this.key(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
      if (!out.Body) return undefined;
      return Buffer.from(await out.Body.transformToByteArray());
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw unavailable('get', err);
    }
  }

  async exists(key: string): Promise<boolean> {
    const Key = this.key(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw unavailable('head', err);
    }
  }

  remove(key: string): Promise<void> {
    const Key = this.key(key);
    return this.call('delete', async () => {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
    });
  }

  async ping(): Promise<void> {
    await this.call('head bucket', () => this.client.send(new HeadBucketCommand({ Bucket: this.bucket })));
    await sweep(this, this.leftovers);
  }
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

function unavailable(what: string, err: unknown): Error {
  if (err instanceof MediaStoreUnavailable) return err;
  const e = err as { name?: string; message?: string };
  return new MediaStoreUnavailable(
    `media store ${what} failed: ${e?.name ?? ''} ${e?.message ?? ''}`.trim(),
    {
      cause: err,
    },
  );
}
