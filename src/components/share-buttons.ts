/** The share buttons' behaviour (ShareButtons.astro), one delegated listener for the page. */
import { SHARE_POPUP } from '../shared/constants.ts';
import { shareableUrl } from '../shared/share.ts';
import { showToast } from '../stores/toasts.ts';

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const popup = target?.closest<HTMLAnchorElement>('a[data-share-popup]');
  if (popup) {
    event.preventDefault();
    window.open(popup.href, 'share', `width=${SHARE_POPUP.width},height=${SHARE_POPUP.height},noopener`);
    return;
  }
  const copy = target?.closest<HTMLButtonElement>('button[data-share-copy]');
  if (!copy) return;
  navigator.clipboard.writeText(shareableUrl(copy.dataset.shareCopy, window.location.href)).then(
    () => showToast(copy.dataset.copied ?? 'Link copied to clipboard.'),
    (error: unknown) => {
      console.warn('Copy failed', error);
      showToast('Could not copy the link.', 'warning');
    },
  );
});
