import { SHARE_POPUP } from '../shared/constants.ts';
import { shareLinks, shareableUrl } from '../shared/share.ts';
import { showToast } from '../stores/toasts.ts';

interface ShareButtonsProps {
  /** The address to share; anything that is not http(s) falls back to the page address. */
  url: string;
  title: string;
}

/** Facebook, Twitter, LinkedIn, Email and Copy link. The network links open 800x500 popups. */
export default function ShareButtons({ url, title }: ShareButtonsProps) {
  const target = () => shareableUrl(url, window.location.href);
  const links = shareLinks(url, title);
  const popup = (network: 'facebook' | 'twitter' | 'linkedin') => (event: React.MouseEvent) => {
    event.preventDefault();
    const href = shareLinks(target(), title)[network];
    window.open(href, 'share', `width=${SHARE_POPUP.width},height=${SHARE_POPUP.height},noopener`);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(target());
      showToast('Link copied to clipboard.');
    } catch (error) {
      console.warn('Copy failed', error);
      showToast('Could not copy the link.', 'warning');
    }
  };
  const item = 'chip-button';
  return (
    <div className="flex flex-wrap gap-2" aria-label="Share" role="group" data-testid="share">
      <a href={links.facebook} onClick={popup('facebook')} rel="noopener nofollow" target="_blank" className={item} data-analytics="share_facebook">Facebook</a>
      <a href={links.twitter} onClick={popup('twitter')} rel="noopener nofollow" target="_blank" className={item} data-analytics="share_twitter">Twitter</a>
      <a href={links.linkedin} onClick={popup('linkedin')} rel="noopener nofollow" target="_blank" className={item} data-analytics="share_linkedin">LinkedIn</a>
      <a href={links.email} className={item} data-analytics="share_email">Email</a>
      <button type="button" onClick={copy} className={item} data-analytics="share_copy">Copy link</button>
    </div>
  );
}
