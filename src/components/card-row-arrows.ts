/**
 * One delegated listener for the arrows of every card row on the page, including rows loaded later
 * as fragments (no island per row: a home page has many rows). Importing this module installs it once.
 */
import { scrollStep } from '../shared/scroll-step.ts';

document.addEventListener('click', (event) => {
  const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-scroll-row] button');
  if (!button) return;
  const row = document.getElementById(button.parentElement!.dataset.scrollRow!);
  row?.scrollBy({ left: Number(button.dataset.direction) * scrollStep(window.innerWidth), behavior: 'smooth' });
});
