/**
 * A store kept in localStorage as JSON under `key` (spec §3 local storage keys). It follows changes
 * made in other tabs (a logout there signs this tab out too). A value that does not pass `accept`
 * (hand-edited, or from an older version) is ignored.
 */
import { atom, type WritableAtom } from 'nanostores';

export function persistentJSON<Value>(key: string, initial: Value, accept: (value: unknown) => value is Value): WritableAtom<Value> {
  const store = atom<Value>(initial);
  if (typeof localStorage === 'undefined') return store;
  const read = (text: string | null) => {
    try {
      const saved: unknown = text === null ? initial : JSON.parse(text);
      return accept(saved) ? saved : initial;
    } catch {
      console.warn(`Ignoring unreadable ${key} in local storage`);
      return initial;
    }
  };
  store.set(read(localStorage.getItem(key)));
  store.listen((value) => localStorage.setItem(key, JSON.stringify(value)));
  window.addEventListener('storage', (event) => {
    if (event.key === key) store.set(read(event.newValue));
  });
  return store;
}
