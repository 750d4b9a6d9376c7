import fs from 'node:fs/promises';
import path from 'node:path';

/** Local object storage under DATA_DIR/media. Keys are made by the server, never by clients. */
export class Storage {
  constructor(readonly root: string) {}

  private file(key: string): string {
    if (!/^[a-z0-9][a-z0-9/_.-]*$/.test(key) || key.includes('..')) throw new Error(`bad storage key ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
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

/** Public URL of a stored object under the site's CDN prefix (spec §3 cdn_prefix). */
export function mediaUrl(cdnPrefix: string, key: string): string {
  return `${cdnPrefix.replace(/\/$/, '')}/${key}`;
}
