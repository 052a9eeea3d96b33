/**
 * Who is signed in, as the browser knows it (spec §3 local storage keys, §4 Session): the user in
 * `user`, the followed list in `followed`, and `toRedirect` (where to go after becoming an
 * advertiser). Pages never vary by user: islands read these stores after they mount. The login
 * modal is opened through `$loginModal` from anywhere (header, 401 handling, actions that need an
 * account).
 */
import { atom } from 'nanostores';
import type { User } from '../shared/schemas/accounts.ts';
import { persistentJSON } from './persistent.ts';

/** The signed-in user as the API gave it (spec §3 User). */
export type SessionUser = User;

export type LoginView = 'login' | 'register' | 'forgot' | 'change_password' | 'becomeAdvertiser' | 'twoFa';

const isUser = (value: unknown): value is SessionUser | null =>
  value === null || (typeof value === 'object' && typeof (value as SessionUser).name === 'string' && Array.isArray((value as SessionUser).roles));

export const $user = persistentJSON<SessionUser | null>('user', null, isUser);
/** What the user follows (spec §3 following items: variant and id, with the listing type); loaded at sign-in, cleared at logout. */
export type FollowedItem = { id: number; type: string; variant: 'post' | 'profile' };
export const $followed = persistentJSON<FollowedItem[]>('followed', [], (value): value is FollowedItem[] => Array.isArray(value));
/** Where becoming an advertiser proceeds to (spec §4: claim and upgrade store it first). */
export const $toRedirect = persistentJSON<string | null>('toRedirect', null, (value): value is string | null => value === null || typeof value === 'string');
export const $loginModal = atom<{ open: boolean; view: LoginView }>({ open: false, view: 'login' });

export function isAdvertiser(user: SessionUser | null): boolean {
  return user?.roles.some((role) => role.name === 'advertiser') ?? false;
}

/**
 * The address a login view opens with (issue 40): after registering, spec §4 goes back to login, and the person then
 * only types the password and the sign-in code. Taken (and cleared) by the login form.
 */
export const $loginPrefill = atom<{ type: 'email'; email: string } | { type: 'phone'; phone_number: string; phone_number_country: string } | null>(null);

export function openLogin(view: LoginView = 'login'): void {
  $loginModal.set({ open: true, view });
}

export function closeLogin(): void {
  $loginModal.set({ ...$loginModal.get(), open: false });
}

export function signedIn(user: SessionUser): void {
  $user.set(user);
}

/** Logout and a 401 (spec §4, §8): the user and the followed list go. */
export function signedOut(): void {
  $user.set(null);
  $followed.set([]);
}
