/**
 * The header's user area (spec §2): Post Ads, and a login icon; when signed in, a menu with Advertiser
 * Dashboard (advertisers only, with their unread leads), 'Hello {name}', profile, enquiries and Logout. The server renders the
 * signed-out state (pages never vary by user); the signed-in state appears once the island reads
 * the stored user. The menu is a disclosure: Enter or Space opens it, Escape closes it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { loadCalls } from '../client/lazy-api.ts';
import { forgetListings } from '../client/recent-listings.ts';
import { $user, isAdvertiser, openLogin, signedOut } from '../stores/session.ts';
import { showToast } from '../stores/toasts.ts';
import { useMounted } from './mounted.ts';
import { localHref } from '../shared/i18n.ts';

async function logout(): Promise<void> {
  try {
    // The browser says Sec-Fetch-Site: same-origin; the token is sent too, for browsers that do not.
    const result = await (await loadCalls()).logOut();
    showToast(result.message);
  } catch (error) {
    console.warn('Logging out failed', error);
  }
  signedOut();
  forgetListings();
  if (location.pathname.startsWith('/me/')) location.assign('/');
}

function UserIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="8" r="4" /><path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
    </svg>
  );
}

/**
 * An advertiser's unread leads (issue 26), asked when the menu opens (a page view asks nothing: a stale stored
 * session would otherwise open the login modal on every page); 0 for everyone else or when the ask fails.
 */
function useUnreadLeads(advertiser: boolean, open: boolean): number {
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    if (!advertiser || !open) return;
    let cancelled = false;
    loadCalls().then((calls) => calls.unreadLeads()).then(({ data }) => { if (!cancelled) setUnread(data.unread); }, () => undefined);
    return () => { cancelled = true; };
  }, [advertiser, open]);
  return unread;
}

/**
 * Conversations with something unread (issue 44), on the person icon: the store is loaded once a person is signed in
 * (pages without one load none of it); the count is live while a tab of the browser holds the stream.
 */
function useUnreadConversations(signedIn: boolean): number {
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    if (!signedIn) return;
    let stop = () => undefined as unknown;
    void import('../stores/conversations.ts').then(({ $unread, watchUnread }) => {
      watchUnread();
      stop = $unread.subscribe((count) => setUnread(count ?? 0));
    });
    return () => { stop(); };
  }, [signedIn]);
  return unread;
}

/** The menu's fixed texts in the page's language, given by the header (issue 42); `{name}` stands for the person's name. */
export interface UserMenuWords {
  postAds: string; profile: string; enquiries: string; changePassword: string; logout: string; login: string;
  hello: string; accountFor: string; dashboard: string; unreadLeads: string;
  /** "{count} unread conversations" (issue 44). */
  unreadMessages: string; messages: string;
}

export default function UserMenu({ advertiserSiteUrl, words }: { advertiserSiteUrl: string; words: UserMenuWords }) {
  const stored = useStore($user);
  const user = useMounted() ? stored : null;
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const area = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const advertiser = isAdvertiser(user);
  const unread = useUnreadLeads(advertiser, open);
  const unreadMessages = useUnreadConversations(user !== null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') { setOpen(false); button.current?.focus(); }
    };
    const onPointer = (event: PointerEvent) => {
      if (!area.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const item = 'block rounded px-3 py-2 text-sm hover:bg-gray-100 focus-visible:bg-gray-100';
  return (
    <div ref={area} className="relative flex items-center gap-3" data-testid="user-area"
      onBlur={(event) => { if (!area.current?.contains(event.relatedTarget as Node | null)) setOpen(false); }}>
      {/* Post Ads: advertisers go to their site; a signed-in non-advertiser is offered to become one (client/auth-actions.ts). */}
      <a href={advertiser ? advertiserSiteUrl : localHref('/advertise-on-yp')} hrefLang={advertiser ? 'en' : undefined} className="text-sm font-semibold sm:text-base" data-auth-action={user && !advertiser ? 'post-ads' : undefined}
        data-advertiser-target={advertiserSiteUrl}>{words.postAds}</a>
      {user ? (
        <>
          <button ref={button} type="button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)} data-testid="user-menu-button"
            className="relative flex min-h-6 items-center gap-1 rounded-full bg-white/70 px-2 py-1 font-semibold">
            {user.image ? <img src={user.image.thumbnail_webp ?? user.image.thumbnail} alt="" width={28} height={28} className="h-7 w-7 rounded-full object-cover" /> : <UserIcon />}
            <span className="sr-only">{words.accountFor.replace('{name}', user.name)}</span>
            <span aria-hidden="true" className="hidden max-w-32 truncate sm:inline">{user.name}</span>
            {/* Over the icon's corner: the count never widens the header (a 390 px phone has no room to spare). */}
            {unreadMessages > 0 && (
              <span className="absolute -right-1 -top-1 rounded-full bg-red-700 px-1.5 text-xs font-bold leading-4 text-white" data-testid="unread-messages">
                {unreadMessages}<span className="sr-only">{words.unreadMessages.replace('{count}', String(unreadMessages))}</span>
              </span>
            )}
          </button>
          {open && (
            <ul id={menuId} className="absolute right-0 top-full z-50 mt-2 w-60 rounded border border-gray-200 bg-white p-1 shadow-lg" data-testid="user-menu">
              {advertiser && (
                <li>
                  <a href={advertiserSiteUrl} hrefLang="en" className={`${item} flex items-center justify-between gap-2`}>
                    {words.dashboard}
                    {unread > 0 && <span className="rounded-full bg-red-700 px-2 text-xs font-bold text-white" data-testid="unread-leads">{unread}<span className="sr-only">{words.unreadLeads}</span></span>}
                  </a>
                </li>
              )}
              <li className="px-3 py-2 text-sm font-semibold">{words.hello.replace('{name}', user.name)}</li>
              <li><a href={localHref('/me/profile')} className={item}>{words.profile}</a></li>
              <li><a href={localHref('/me/enquire')} className={item}>{words.enquiries}</a></li>
              <li><a href={localHref('/me/messages')} className={item}>{words.messages}</a></li>
              <li><button type="button" className={`${item} w-full text-left`} onClick={() => { setOpen(false); openLogin('change_password'); }}>{words.changePassword}</button></li>
              <li><button type="button" className={`${item} w-full text-left`} onClick={() => { setOpen(false); void logout(); }}>{words.logout}</button></li>
            </ul>
          )}
        </>
      ) : (
        <button type="button" onClick={() => openLogin('login')} aria-label={words.login} data-testid="login-button" className="flex min-h-6 items-center rounded-full bg-white/70 p-1">
          <UserIcon />
        </button>
      )}
    </div>
  );
}
