/** Toasts (spec §4, §9): shown top right, faded out after 5 s. */
import { atom } from 'nanostores';

export const TOAST_MS = 5000;
export const TOAST_FADE_MS = 200;

export interface Toast {
  id: number;
  text: string;
  kind: 'success' | 'warning';
}

export const $toasts = atom<Toast[]>([]);
let nextId = 1;

export function showToast(text: string, kind: Toast['kind'] = 'success'): void {
  const toast = { id: nextId++, text, kind };
  $toasts.set([...$toasts.get(), toast]);
  setTimeout(() => $toasts.set($toasts.get().filter((item) => item.id !== toast.id)), TOAST_MS + TOAST_FADE_MS);
}
