import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Local object storage under DATA_DIR/media. Keys are made by the server, never by clients. */
export class Storage {
  constructor(readonly root: string) {}

  private file(key: string): string {
    if (!/^[a-z0-9][a-z0-9/_.-]*$/.test(key) || key.includes('..')) throw new Error(`bad storage key ${key}`);
    return path.join(this.root, key);
  }

  /** Writes one file whole or not at all: a failed write (a full disk) leaves no partial file. */
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

  /**
   * Writes a set of files (a photo's variants) all or none: when one fails, those already written
   * are removed before the error is thrown (issue 24 item 8: a full disk left orphan variants).
   */
  async putAll(files: [key: string, data: Buffer][]): Promise<void> {
    const written: string[] = [];
    try {
      for (const [key, data] of files) {
        await this.put(key, data);
        written.push(key);
      }
    } catch (err) {
      await Promise.all(written.map((k) => this.remove(k).catch(() => {})));
      throw err;
    }
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
}

export { mediaUrl } from './media.ts';

/**
 * Where chat photos live: DATA_DIR/private, outside the public media root. Files an older version
 * kept under media/c move here on first use.
 */
export function chatMediaStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'private');
  const old = path.join(dataDir, 'media', 'c');
  if (fsSync.existsSync(old) && !fsSync.existsSync(path.join(root, 'c'))) {
    fsSync.mkdirSync(root, { recursive: true });
    fsSync.renameSync(old, path.join(root, 'c'));
  }
  return new Storage(root);
}
