/** Toasts (spec §4, §9): shown top right, faded out after 5 s. */
import { atom } from 'nanostores';
import { TIMERS } from '../shared/constants.ts';


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
  setTimeout(() => $toasts.set($toasts.get().filter((item) => item.id !== toast.id)), TIMERS.toast + TIMERS.toastFade);
}
