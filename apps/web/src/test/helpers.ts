/** Set-ups the web's unit tests share (imported by tests only, never by the app). */
import type { SearchCard } from '@amora/contracts';
import en from '@amora/i18n/locales/en.json' with { type: 'json' };

/** The browser's Storage, kept in a map (`map`, for looking inside). */
export function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    key: (i: number) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
    map,
  };
}

/** A member's card as search, likes and the swipe game list it. */
export const searchCard = (id: string, name = `M${id}`): SearchCard => ({
  id,
  name,
  age: 30,
  city: null,
  region: null,
  country: 'US',
  main_image: null,
  activity: 'today',
  fictional: false,
});

type Tree = { [k: string]: string | Tree };
const lookUp = (tree: Tree, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);

/** The dotted catalog keys that have no English text. */
export const missingEnglish = (keys: string[]) =>
  keys.filter((k) => typeof lookUp(en as Tree, k) !== 'string');
