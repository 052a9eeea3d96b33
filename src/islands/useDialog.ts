import { useEffect, useRef, type RefObject } from 'react';

/**
 * Modal behaviour for an open dialog: focus moves into it and is trapped there, Escape closes it
 * (unless closing is disabled), and focus returns to where it was when it closes.
 */
export function useDialog(open: boolean, onClose: () => void, options: { closable?: boolean } = {}): RefObject<HTMLDivElement | null> {
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const focusable = () => [...(dialog.current?.querySelectorAll<HTMLElement>('button, [href], input, select, textarea, video, [tabindex]:not([tabindex="-1"])') ?? [])]
      .filter((element) => !element.hasAttribute('disabled'));
    focusable()[0]?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && options.closable !== false) { event.preventDefault(); onClose(); }
      if (event.key !== 'Tab') return;
      const items = focusable();
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
      else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [open, onClose, options.closable]);
  return dialog;
}
