/**
 * Password hashing: Argon2id at OWASP's parameters (19 MiB, 2 iterations, parallelism 1) through
 * @node-rs/argon2 (prebuilt, runs off the main thread), stored as the PHC string. A password is
 * checked exactly as typed (no trimming or case change, ASVS 6.2.8), and refused when it is one of
 * the most common passwords (ASVS 6.2.4).
 */
import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN } from '../../shared/schemas/accounts.ts';

/** Argon2id (the package's const enum value 2, which isolated modules cannot import). */
const ARGON2ID = 2;
const PARAMETERS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The most common passwords long enough to pass the length rule: the first 10,000 of zxcvbn's ranked list. */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set((dictionary['passwords-common'] as string[])
  .filter((password) => password.length >= PASSWORD_MIN).slice(0, 10_000));


export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** zxcvbn's estimate (0 to 4) below which a password is refused: 3 is "safely unguessable" for an online attack with limits. */
const MIN_PASSWORD_SCORE = 3;

const strength = new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });

/**
 * Why a new password is refused, or null: one of the most common, or too easy to guess (zxcvbn: repeats
 * like 'aaaaaaaa', sequences, keyboard walks, dates, words with common substitutions; security probe
 * item 17). The person's own name and address count as easy guesses.
 */
export function passwordProblem(password: string, personal: readonly string[] = []): 'password_common' | 'password_weak' | null {
  if (isCommonPassword(password)) return 'password_common';
  return strength.check(password, personal.filter(Boolean)).score < MIN_PASSWORD_SCORE ? 'password_weak' : null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMETERS);
}

/** A hash of nothing anyone knows: checked when no account matched, so both answers take the same time. */
let decoy: Promise<string> | undefined;

/** True when `password` matches `stored`; with no stored hash it still spends the time of a check. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    decoy ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
