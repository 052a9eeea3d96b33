/**
 * The data seam of accounts (decision 0005): users with their roles, details and social identities;
 * and what signing in needs: sessions, sign-in challenges, one-time codes and the attempt log.
 * Times are ISO strings; ids of sessions and challenges are SHA-256 hashes of the secrets the browser
 * holds, never the secrets.
 */
import type { User } from '../../shared/schemas/accounts.ts';

/** A social provider (spec §7 auth/google, auth/facebook). */
export type SocialProvider = 'google' | 'facebook';

/** What a code is for: it cannot be used for anything else (ASVS 6.6.2). */
export type CodePurpose = 'register' | 'reset' | 'login' | 'verify';

export interface UserDetailRow {
  gender: 'm' | 'f' | null;
  dob: string | null;
  address_line1: string | null;
  address_line2: string | null;
  postcode: string | null;
  city: string | null;
  state_id: number | null;
  state: string | null;
  country_id: number | null;
  country: string | null;
  language: string[];
  education: string | null;
  experience: number | null;
  additional_skill: string | null;
  cv: { id: number; file: string; original_filename: string; mime_type: string } | null;
  salary: number | null;
  salary_type: 'month' | 'year';
}

/** A user as stored: the API's fields (spec §3), with the photo's paths relative to the media folder. */
export interface UserRow extends Pick<User, 'id' | 'name' | 'email' | 'phone_number' | 'phone_number_country' | 'image' | 'pending_delete' | 'has_password' | 'created_at'> {
  roles: string[];
  updated_at: string;
  detail: UserDetailRow;
}

/** What a sign-in checks. */
export interface CredentialsRow {
  id: number;
  password_hash: string | null;
  email: string | null;
  phone_number: string | null;
  phone_number_country: string | null;
}

export interface NewUser {
  name: string;
  email: string | null;
  phone_number: string | null;
  phone_number_country: string | null;
  password_hash: string | null;
  /** The social identity the account is created from. */
  identity?: { provider: SocialProvider; subject: string; email: string | null };
}

export interface SessionRow {
  id: string;
  user_id: number;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface ChallengeRow {
  id: string;
  user_id: number;
  channel: 'email' | 'sms';
  expires_at: string;
}

export interface CodeRow {
  id: number;
  code_hash: string;
  failed_attempts: number;
  expires_at: string;
  used_at: string | null;
}

export interface NewCode {
  purpose: CodePurpose;
  address: string;
  challengeId: string | null;
  userId: number | null;
  codeHash: string;
  /** When it was sent (the app's clock): the send limits count from it. */
  createdAt: string;
  expiresAt: string;
}

export interface AuthAttempt {
  action: 'login' | '2fa' | 'social' | 'reset' | 'register';
  /** The normalised e-mail or phone number tried, or the provider subject. */
  identifier: string | null;
  userId: number | null;
  client: string;
  outcome: string;
}

/** Fields of an account edit: an absent key keeps its value, null clears it. */
export interface ProfileChanges {
  name?: string;
  email?: string;
  phone_number?: string;
  phone_number_country?: string;
  gender?: 'm' | 'f' | null;
  dob?: string | null;
  address_line1?: string | null;
  address_line2?: string | null;
  postcode?: string | null;
  city?: string | null;
  state_id?: number | null;
  country_id?: number | null;
}

export interface ResumeRow {
  education: string;
  experience: number;
  salary_type: 'month' | 'year';
  salary: number | null;
  language: string[];
  additional_skill: string | null;
}

export interface UserRepository {
  findUser(id: number): Promise<UserRow | undefined>;
  findCredentials(by: { email: string } | { phone_number: string }): Promise<CredentialsRow | undefined>;
  /** Creates the user, their empty details and (when given) the social identity, in one transaction; returns the id. */
  createUser(user: NewUser): Promise<number>;
  /** Replaces the password hash and ends every session of the user except `keepSessionId`. */
  setPassword(userId: number, passwordHash: string, keepSessionId: string | null): Promise<void>;
  /** Adds a role, and sets the phone number when given (becoming an advertiser needs one). */
  addRole(userId: number, role: string, phone?: { phone_number: string; phone_number_country: string }): Promise<void>;
  /** The user of a social identity. */
  findIdentity(provider: SocialProvider, subject: string): Promise<number | undefined>;
  linkIdentity(userId: number, identity: { provider: SocialProvider; subject: string; email: string | null }): Promise<void>;
  updateProfile(userId: number, changes: ProfileChanges): Promise<void>;
  updateResume(userId: number, resume: ResumeRow): Promise<void>;
  /** Makes an uploaded image the photo; returns the old photo's files, to delete. */
  setPhoto(userId: number, mediaId: number): Promise<string[]>;
  /** Makes an uploaded document the CV; returns the old CV's file, to delete. */
  setCv(userId: number, documentId: number): Promise<string[]>;
  /** Marks the account for deletion at `requestedAt` (ending every session but one), or unmarks it with null. */
  setPendingDelete(userId: number, keepSessionId: string | null, requestedAt: string | null): Promise<void>;
  /** Accounts marked for deletion before `requestedBefore`. */
  findUsersToDelete(requestedBefore: string): Promise<number[]>;
  /** Erases an account; returns its files (photo, CV), to delete. */
  deleteUser(userId: number): Promise<string[]>;
}

export interface AuthRepository {
  /** Stores a new session; `replacing` (the session it rotates out) is deleted in the same transaction. */
  createSession(session: SessionRow & { client: string }, replacing?: string): Promise<void>;
  findSession(id: string): Promise<SessionRow | undefined>;
  touchSession(id: string, lastSeenAt: string): Promise<void>;
  deleteSession(id: string): Promise<void>;
  /** Ends every session of a user, except one when given. */
  deleteUserSessions(userId: number, exceptId?: string | null): Promise<void>;
  insertChallenge(challenge: ChallengeRow): Promise<void>;
  findChallenge(id: string): Promise<ChallengeRow | undefined>;
  deleteChallenge(id: string): Promise<void>;
  /** Stores a code; earlier unused codes of the same purpose and address (or challenge) stop working. */
  insertCode(code: NewCode): Promise<void>;
  /** The newest code of a purpose and address (and challenge, for sign-in codes). */
  findLatestCode(purpose: CodePurpose, address: string, challengeId?: string | null): Promise<CodeRow | undefined>;
  /** When codes of this purpose were sent to the address since `since`, newest first. */
  findCodeSendTimes(purpose: CodePurpose, address: string, since: string): Promise<string[]>;
  /** Counts a wrong try; returns the tries so far. */
  recordWrongCode(id: number): Promise<number>;
  /** Marks the code used; false when it already was (two requests raced for it). */
  useCode(id: number): Promise<boolean>;
  logAttempt(attempt: AuthAttempt): Promise<void>;
  /** Deletes expired sessions, challenges and codes, and attempts older than `attemptsBefore`. */
  removeExpired(now: string, idleSince: string, attemptsBefore: string): Promise<void>;
}
