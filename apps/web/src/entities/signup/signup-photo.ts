import { useSyncExternalStore } from 'react';

/**
 * The photo of signup step 1 (spec §4), through the photo pipeline: the account does not exist
 * while the steps run (signup is one request at the end, answering alike for every address), so
 * the chosen file stays in this browser. At the end of the signup it is put into IndexedDB under
 * the address, and uploaded by the normal photo upload once that member is logged in here (the
 * activation link logs them in: /activate/done; or a later login, landing on /members), then
 * forgotten. A photo nobody claims is dropped after ACTIVATION_DAYS, like the link itself.
 */

let chosen: File | null = null;
const listeners = new Set<() => void>();

/** The file picked in the photo step (memory only, while the steps run). */
export const signupPhoto = {
  get: () => chosen,
  set(file: File | null) {
    chosen = file;
    for (const l of listeners) l();
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => void listeners.delete(l);
  },
};

export function useSignupPhoto(): File | null {
  return useSyncExternalStore(signupPhoto.subscribe, signupPhoto.get, () => null);
}

const DB = 'amora-signup';
const STORE = 'photos';
const ACTIVATION_DAYS = 14;

interface Kept {
  email: string;
  blob: Blob;
  name: string;
  type: string;
  at: number;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'email' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function run<T>(mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const req = work(tx.objectStore(STORE));
        tx.oncomplete = () => {
          db.close();
          resolve(req.result);
        };
        tx.onerror = () => {
          db.close();
          reject(tx.error);
        };
      }),
  );
}

/** Keeps the photo for the account of `email` (replacing an earlier one). */
export async function keepSignupPhoto(email: string, file: File): Promise<void> {
  try {
    const kept: Kept = {
      email: email.toLowerCase(),
      blob: file,
      name: file.name,
      type: file.type,
      at: Date.now(),
    };
    await run('readwrite', (s) => s.put(kept));
  } catch {
    // No IndexedDB (private mode in some browsers): the member adds the photo on /profile.
  }
}

/** The photo kept for `email`, taken out of the store (null when there is none or it is too old). */
export async function takeSignupPhoto(email: string): Promise<File | null> {
  if (typeof indexedDB === 'undefined') return null;
  try {
    const key = email.toLowerCase();
    const kept = await run<Kept | undefined>('readonly', (s) => s.get(key));
    if (!kept) return null;
    await run('readwrite', (s) => s.delete(key));
    if (Date.now() - kept.at > ACTIVATION_DAYS * 86_400_000) return null;
    return new File([kept.blob], kept.name, { type: kept.type });
  } catch {
    return null;
  }
}
