/**
 * The full-screen media viewer of spec §2 for MediaGallery.astro: it starts at the chosen item, shows
 * its caption and 'n / total', moves with arrows, arrow keys and swipes, wraps at both ends, keeps
 * focus inside, and closes on CLOSE, Escape or a click on the backdrop, returning focus to the item.
 */

/** A swipe shorter than this is a tap. */
const SWIPE_PX = 40;
const FOCUSABLE = 'button, [href], video, [tabindex]:not([tabindex="-1"])';

interface Item {
  href: string;
  video: boolean;
  caption: string | null;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The viewer's words in the page's language, from its gallery (MediaGallery.astro writes them). */
interface ViewerWords {
  viewer: string;
  close: string;
  previous: string;
  next: string;
}

function openViewer(links: HTMLAnchorElement[], start: number, title: string, words: ViewerWords) {
  const items: Item[] = links.map((link) => ({ href: link.href, video: link.dataset.video !== undefined, caption: link.dataset.caption ?? null }));
  const previous = document.activeElement as HTMLElement | null;
  let index = start;
  let touchStart: number | null = null;

  const overlay = element('div', 'fixed inset-0 z-[70] bg-black/90 flex flex-col items-center justify-center p-4');
  overlay.setAttribute('role', 'dialog');
  overlay.setAttribute('aria-modal', 'true');
  overlay.setAttribute('aria-label', `${title}: ${words.viewer}`);
  overlay.dataset.testid = 'media-viewer';
  const close = element('button', 'absolute top-4 right-4 rounded bg-white/90 px-3 py-1 font-bold', words.close);
  close.type = 'button';
  const stage = element('div', 'contents');
  const caption = element('p', 'mt-3 text-white text-sm');
  caption.dataset.testid = 'viewer-caption';
  const counter = element('p', 'text-white text-sm');
  counter.dataset.testid = 'viewer-counter';
  overlay.append(close, stage, caption, counter);
  const arrows = items.length > 1
    ? ([[words.previous, '‹', 'left-4', -1], [words.next, '›', 'right-4', 1]] as const).map(([label, glyph, side, step]) => {
      const button = element('button', `absolute ${side} top-1/2 -translate-y-1/2 rounded-full bg-white/90 w-10 h-10 text-2xl`, glyph);
      button.type = 'button';
      button.setAttribute('aria-label', label);
      button.addEventListener('click', () => move(step));
      return button;
    })
    : [];
  overlay.append(...arrows);

  function show() {
    const item = items[index]!;
    const media = item.video ? element('video', 'max-h-[80vh] max-w-full') : element('img', 'max-h-[80vh] max-w-full object-contain');
    media.src = item.href;
    if (media instanceof HTMLVideoElement) Object.assign(media, { controls: true, autoplay: true });
    else media.alt = item.caption ?? title;
    stage.replaceChildren(media);
    caption.textContent = item.caption ?? '';
    counter.textContent = `${index + 1} / ${items.length}`;
  }

  function move(step: number) {
    index = (index + step + items.length) % items.length;
    show();
  }

  function onKey(event: KeyboardEvent) {
    if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'ArrowLeft') move(-1);
    else if (event.key === 'Escape') { event.preventDefault(); shut(); }
    else if (event.key === 'Tab') {
      const focusable = [...overlay.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
      else if (!event.shiftKey && (document.activeElement === last || !overlay.contains(document.activeElement))) { event.preventDefault(); first.focus(); }
    }
  }

  function shut() {
    document.removeEventListener('keydown', onKey);
    overlay.remove();
    previous?.focus();
  }

  close.addEventListener('click', shut);
  overlay.addEventListener('click', (event) => { if (event.target === overlay) shut(); });
  overlay.addEventListener('touchstart', (event) => { touchStart = event.touches[0]?.clientX ?? null; }, { passive: true });
  overlay.addEventListener('touchend', (event) => {
    const end = event.changedTouches[0]?.clientX;
    const from = touchStart;
    touchStart = null;
    if (from === null || end === undefined || Math.abs(end - from) < SWIPE_PX) return;
    move(end < from ? 1 : -1);
  });
  document.addEventListener('keydown', onKey);
  show();
  document.body.append(overlay);
  close.focus();
}

document.addEventListener('click', (event) => {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  const link = (event.target instanceof Element ? event.target : null)?.closest<HTMLAnchorElement>('[data-gallery] a');
  const gallery = link?.closest<HTMLElement>('[data-gallery]');
  if (!link || !gallery) return;
  event.preventDefault();
  const links = [...gallery.querySelectorAll<HTMLAnchorElement>('a')];
  openViewer(links, links.indexOf(link), gallery.dataset.gallery ?? '', JSON.parse(gallery.dataset.viewerWords ?? '{}') as ViewerWords);
});
