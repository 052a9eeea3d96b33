/** Pagination of spec §2: at most 5 numbers around the current page, first and last with ellipses. */
import * as m from '../paraglide/messages.js';
import { PAGER_NUMBERS } from './constants.ts';

type PagerItem = { kind: 'page'; page: number; current: boolean } | { kind: 'ellipsis' };

export interface Pager {
  pages: number;
  items: PagerItem[];
  previous: number | null;
  next: number | null;
  /** 'x - y of N Results', in the page's language */
  caption: string;
}

export function pager(page: number, total: number, pageSize: number): Pager {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pages);
  let start = Math.max(1, current - Math.floor(PAGER_NUMBERS / 2));
  const end = Math.min(pages, start + PAGER_NUMBERS - 1);
  start = Math.max(1, end - PAGER_NUMBERS + 1);
  const items: PagerItem[] = [];
  if (start > 1) {
    items.push({ kind: 'page', page: 1, current: false });
    if (start > 2) items.push({ kind: 'ellipsis' });
  }
  for (let number = start; number <= end; number++) items.push({ kind: 'page', page: number, current: number === current });
  if (end < pages) {
    if (end < pages - 1) items.push({ kind: 'ellipsis' });
    items.push({ kind: 'page', page: pages, current: false });
  }
  const first = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const last = Math.min(total, current * pageSize);
  return {
    pages,
    items,
    previous: current > 1 ? current - 1 : null,
    next: current < pages ? current + 1 : null,
    caption: m.pager_caption({ first, last, total }),
  };
}
