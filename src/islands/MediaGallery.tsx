import { useCallback, useEffect, useRef, useState } from 'react';
import type { MediaItem } from '../shared/schemas/catalog.ts';
import { useDialog } from './useDialog.ts';

/** What the gallery needs of a media item: its props are serialised into the page, so only this. */
export interface GalleryItem {
  /** The picture in the grid (the first item shows its full size). */
  src: string;
  /** The full-size picture, or the video file. */
  full: string;
  video: boolean;
  caption: string | null;
}

/** Media items as the gallery takes them, webp variants first (spec §3). */
export function toGalleryItems(items: MediaItem[]): GalleryItem[] {
  return items.map((item, index) => {
    const full = item.image.full_webp ?? item.image.full;
    return {
      src: index === 0 ? full : item.image.thumbnail_webp ?? item.image.thumbnail,
      full: item.video?.file ?? full,
      video: item.video !== null,
      caption: item.caption,
    };
  });
}

interface MediaGalleryProps {
  items: GalleryItem[];
  title: string;
}

/** A swipe shorter than this is a tap. */
const SWIPE_PX = 40;

/**
 * Photo and video thumbnails that open the full-screen viewer of spec §2: it starts at the chosen
 * item, shows its caption and 'n / total', moves with arrows, arrow keys and swipes, wraps at both
 * ends, and closes on CLOSE, Escape or a click on the backdrop. Without JavaScript the thumbnails
 * are links to the full pictures.
 */
export default function MediaGallery({ items, title }: MediaGalleryProps) {
  const [open, setOpen] = useState<number | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const dialog = useDialog(open !== null, close);
  const touchStart = useRef<number | null>(null);
  const count = items.length;
  const move = useCallback((step: number) => setOpen((index) => (index === null ? null : (index + step + count) % count)), [count]);

  useEffect(() => {
    if (open === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') move(1);
      if (event.key === 'ArrowLeft') move(-1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, move]);

  const current = open === null ? undefined : items[open];
  return (
    <>
      <ul className="grid grid-cols-2 md:grid-cols-3 gap-2" aria-label="Photos" data-testid="gallery">
        {items.map((item, index) => (
          <li key={item.full + index} className={index === 0 ? 'col-span-2 md:col-span-3' : undefined}>
            <a href={item.full} className="relative block" aria-label={`Open ${item.video ? 'video' : 'photo'} ${index + 1} of ${count}`}
              onClick={(event) => { event.preventDefault(); setOpen(index); }}>
              <img src={item.src} alt={item.caption ?? title} width={index === 0 ? 960 : 400} height={index === 0 ? 540 : 225}
                loading={index === 0 ? 'eager' : 'lazy'} fetchPriority={index === 0 ? 'high' : undefined} className="w-full rounded-lg aspect-video object-cover" />
              {item.video && <span className="absolute inset-0 flex items-center justify-center text-5xl text-white drop-shadow" aria-hidden="true">▶</span>}
            </a>
          </li>
        ))}
      </ul>
      {current && open !== null && (
        <div className="fixed inset-0 z-[70] bg-black/90 flex flex-col items-center justify-center p-4" role="dialog" aria-modal="true"
          aria-label={`${title}: media viewer`} ref={dialog} data-testid="media-viewer"
          onClick={(event) => { if (event.target === event.currentTarget) close(); }}
          onTouchStart={(event) => { touchStart.current = event.touches[0]?.clientX ?? null; }}
          onTouchEnd={(event) => {
            const start = touchStart.current;
            const end = event.changedTouches[0]?.clientX;
            touchStart.current = null;
            if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
            move(end < start ? 1 : -1);
          }}>
          <button type="button" onClick={close} className="absolute top-4 right-4 rounded bg-white/90 px-3 py-1 font-bold">CLOSE</button>
          {current.video
            ? <video src={current.full} controls autoPlay className="max-h-[80vh] max-w-full" />
            : <img src={current.full} alt={current.caption ?? title} className="max-h-[80vh] max-w-full object-contain" />}
          <p className="mt-3 text-white text-sm" data-testid="viewer-caption">{current.caption}</p>
          <p className="text-white text-sm" data-testid="viewer-counter">{open + 1} / {count}</p>
          {count > 1 && (
            <>
              <button type="button" aria-label="Previous" onClick={() => move(-1)} className="absolute left-4 top-1/2 -translate-y-1/2 rounded-full bg-white/90 w-10 h-10 text-2xl">‹</button>
              <button type="button" aria-label="Next" onClick={() => move(1)} className="absolute right-4 top-1/2 -translate-y-1/2 rounded-full bg-white/90 w-10 h-10 text-2xl">›</button>
            </>
          )}
        </div>
      )}
    </>
  );
}
