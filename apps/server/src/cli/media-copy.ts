import fs from 'node:fs/promises';
import path from 'node:path';
import type { MediaStores } from '../platform/storage.ts';

/** What a copy did: objects written, objects the bucket had already, files skipped (not media). */
export interface CopyReport {
  copied: number;
  present: number;
  skipped: number;
}

async function* filesUnder(root: string, rel = ''): AsyncGenerator<string> {
  const entries = await fs.readdir(path.join(root, rel), { withFileTypes: true }).catch((err) => {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  });
  for (const e of entries) {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) yield* filesUnder(root, child);
    else if (e.isFile()) yield child;
  }
}

/** A stored variant's key: `p/...`, `demo/...` or `c/...`, `<name>-<variant>.jpg` (no temporary files). */
const MEDIA_KEY = /^(p|demo|c)\/[0-9a-f-]{36}(-\d{1,2})?-[lmtb]\.jpg$/;

/**
 * Copies a local media folder (DATA_DIR/media: profile photos and demo portraits; DATA_DIR/private:
 * chat pictures, and any an older version left under media/c) into the configured stores, object
 * by object. Idempotent: an object the store has already is left alone (keys name one upload for
 * good), so an interrupted copy is simply run again. The local files stay; remove them once the
 * instances run with MEDIA_STORE=s3.
 */
export async function copyMediaFolder(
  dataDir: string,
  to: MediaStores,
  out: (line: string) => void,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, present: 0, skipped: 0 };
  const sources: [root: string, pick: (key: string) => 'photos' | 'chat'][] = [
    [path.join(dataDir, 'media'), (key) => (key.startsWith('c/') ? 'chat' : 'photos')],
    [path.join(dataDir, 'private'), () => 'chat'],
  ];
  for (const [root, pick] of sources) {
    for await (const key of filesUnder(root)) {
      if (!MEDIA_KEY.test(key)) {
        report.skipped++;
        continue;
      }
      const store = to[pick(key)];
      if (await store.exists(key)) {
        report.present++;
        continue;
      }
      await store.put(key, await fs.readFile(path.join(root, key)));
      report.copied++;
      if (report.copied % 500 === 0) out(`... ${report.copied} copied`);
    }
  }
  out(
    `Copied ${report.copied} objects; ${report.present} were in the bucket already; ${report.skipped} other files left out.`,
  );
  return report;
}
