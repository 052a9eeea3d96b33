/**
 * Actions that need an account (spec §4 Unauthenticated actions): follow, enquire, apply, offer, hire,
 * claim, upgrade, and Post Ads. Elements carry `data-auth-action` (follow hearts are known by their
 * `data-follow-id`, which keeps the many cards' markup short); a signed-out click opens the login
 * prompt and remembers the action (sessionStorage, so it survives a social-login round trip), and
 * after signing in the same element is clicked again: the visitor goes on with what they were doing.
 * For claim, upgrade and Post Ads a signed-in advertiser goes to the advertiser site, anyone else is
 * offered to become an advertiser first (with `toRedirect` stored); a member's claim goes to the claim page, whose SMS
 * code makes them an advertiser (issue 40).
 */
import { $toRedirect, $user, isAdvertiser, openLogin } from '../stores/session.ts';

const PENDING_KEY = 'pendingAction';
const ACTION_ELEMENT = '[data-auth-action],[data-follow-id]';

const actionOf = (element: HTMLElement) => element.dataset.authAction ?? 'follow';
const ADVERTISER_ACTIONS = new Set(['claim', 'upgrade', 'post-ads']);

interface PendingAction {
  path: string;
  action: string;
  key: string;
}

/** Which of the page's elements of an action it was: its auth key, the listing of a follow heart, else the action. */
function keyOf(element: HTMLElement): string {
  const { authKey, followType, followId, authAction } = element.dataset;
  return authKey ?? (followId ? `${followType}:${followId}` : authAction ?? '');
}

function onClick(event: MouseEvent): void {
  const element = (event.target as Element | null)?.closest<HTMLElement>(ACTION_ELEMENT);
  if (!element) return;
  const action = actionOf(element);
  const user = $user.get();
  if (!user) {
    // Post Ads is for everyone: a visitor reads about advertising first (spec §4).
    if (action === 'post-ads') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const pending: PendingAction = { path: location.pathname + location.search, action, key: keyOf(element) };
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
    openLogin('login');
    return;
  }
  if (!ADVERTISER_ACTIONS.has(action)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  const target = element.dataset.advertiserTarget ?? '';
  // A member claims by SMS on the claim page itself: that one code makes them an advertiser too (issue 40).
  if (isAdvertiser(user) || action === 'claim') {
    location.assign(target);
  } else {
    $toRedirect.set(target);
    openLogin('becomeAdvertiser');
  }
}

/** Listens for those clicks on the whole page (capture, so it runs before an island's own handler). */
export function watchAuthActions(): void {
  document.addEventListener('click', onClick, { capture: true });
}

/** After signing in: clicks the remembered element again when the visitor is still on its page. */
export function resumePendingAction(): void {
  const saved = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (!saved) return;
  try {
    const pending = JSON.parse(saved) as PendingAction;
    if (pending.path !== location.pathname + location.search) return;
    const element = [...document.querySelectorAll<HTMLElement>(ACTION_ELEMENT)]
      .find((candidate) => actionOf(candidate) === pending.action && keyOf(candidate) === pending.key);
    element?.click();
  } catch (error) {
    console.warn('Ignoring an unreadable pending action', error);
  }
}
