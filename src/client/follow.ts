/**
 * Follow hearts (spec §2, §4): every element with `data-follow-type` and `data-follow-id` (cards,
 * the detail and profile pages) shows whether the signed-in user follows that listing, from the
 * `followed` store; a click toggles it (POST follow) and says 'Followed.' or 'Unfollowed.'. Pages
 * never vary by user, so the state is painted here. Loaded only once someone is signed in; a
 * signed-out click is turned into the login prompt by client/auth-actions.ts first.
 */
import { loadCalls } from './lazy-api.ts';
import { CONTENT_SWAPPED } from './events.ts';
import { $followed, $user, type FollowedItem } from '../stores/session.ts';
import { showToast } from '../stores/toasts.ts';

const HEART = '[data-follow-type][data-follow-id]';

const keyOf = (type: string, id: number | string) => `${type}:${id}`;

function paint(items: readonly FollowedItem[]): void {
  const followed = new Set(items.map((item) => keyOf(item.type, item.id)));
  for (const heart of document.querySelectorAll<HTMLElement>(HEART)) {
    const on = followed.has(keyOf(heart.dataset.followType!, heart.dataset.followId!));
    heart.setAttribute('aria-pressed', String(on));
    heart.setAttribute('aria-label', on ? 'Unfollow' : 'Follow');
    heart.textContent = on ? '♥' : '♡';
  }
}

async function onClick(event: MouseEvent): Promise<void> {
  const heart = (event.target as Element | null)?.closest<HTMLElement>(HEART);
  if (!heart || !$user.get()) return;
  event.preventDefault();
  const type = heart.dataset.followType!;
  const id = Number(heart.dataset.followId);
  try {
    const { data } = await (await loadCalls()).toggleFollow({ type, id });
    const rest = $followed.get().filter((item) => keyOf(item.type, item.id) !== keyOf(type, id));
    $followed.set(data === 'Followed.' ? [{ id, type, variant: type === 'profile' ? 'profile' : 'post' }, ...rest] : rest);
    showToast(data);
  } catch (error) {
    console.warn('Follow failed', error);
  }
}

/** The followed list from the server (at sign-in, spec §4). */
export async function loadFollowed(): Promise<void> {
  const { data } = await (await loadCalls()).followed();
  $followed.set(data.map(({ id, type, variant }) => ({ id, type, variant })));
}

let watching = false;

/** Paints the hearts now and whenever the list or the page's cards change, and handles their clicks. */
export function watchFollowHearts(): void {
  if (watching) return;
  watching = true;
  document.addEventListener('click', (event) => void onClick(event));
  document.addEventListener(CONTENT_SWAPPED, () => paint($followed.get()));
  $followed.subscribe(paint);
}
