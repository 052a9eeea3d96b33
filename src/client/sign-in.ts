/**
 * What follows signing in (spec §4): the user is stored, the followed list is loaded, the hearts are
 * painted, and the action that asked for an account goes on.
 */
import type { User } from '../shared/schemas/accounts.ts';
import { $user, signedIn } from '../stores/session.ts';
import { resumePendingAction } from './auth-actions.ts';
import { loadFollowed, watchFollowHearts } from './follow.ts';

export async function afterSignIn(user: User): Promise<void> {
  signedIn(user);
  watchFollowHearts();
  await loadFollowed().catch((error: unknown) => console.warn('The followed list could not be loaded', error));
  resumePendingAction();
}

/** On page load: a signed-in visitor's hearts show what they follow. */
export function paintForSignedIn(): void {
  if ($user.get()) watchFollowHearts();
}
