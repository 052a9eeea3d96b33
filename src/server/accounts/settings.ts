/**
 * Account settings (spec §2 /me/profile, §5 Edit profile, email, phone, resume; issue 13, decision
 * 0006): the profile and resume edits, e-mail and phone changes proven by a code sent to the new
 * address, the photo and the CV through the upload pipeline, and deleting an account 14 days after
 * it is asked for.
 */
import { ACCOUNT_DELETION_DAYS } from '../../shared/account-settings.ts';
import { EmailChangeSchema, PhoneChangeSchema, ProfileUpdateSchema, ResumeSchema, type User } from '../../shared/schemas/accounts.ts';
import type { AppContext } from '../app-types.ts';
import type { Repositories } from '../db/repositories.ts';
import type { ProfileChanges } from '../db/rows.ts';
import { AppError, invalid, parseInput } from '../errors.ts';
import { storeDocument, storeImage, withFiles } from '../uploads/pipeline.ts';
import { privateDownload, type Download } from '../uploads/media-files.ts';
import { accountPhoneProved, refuseTakenAddress, requireRecentProof, requireUser, useAccountCode, userJson, type Caller } from './accounts.ts';
import { deletionRequestedMail, emailChangedMail } from './messages.ts';
import { say } from '../../shared/said.ts';

const MALAYSIA = 'Malaysia';

/**
 * PATCH account: with `email` (and its code) the e-mail changes, the old address hears of it; with
 * `phone_number` (and its SMS code) the phone changes; otherwise the name and personal details.
 */
export async function updateAccount(app: AppContext, userId: number, input: unknown, caller: Caller): Promise<{ message: string; data: User }> {
  const body = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const user = await requireUser(app, userId);
  if (body.email !== undefined) {
    const { email, code, current_password } = parseInput(EmailChangeSchema, body);
    if (email === user.email) throw invalid('email', 'already_email');
    const owner = await app.repos.users.findCredentials({ email });
    if (owner && owner.id !== userId) await refuseTakenAddress(app, userId, caller, 'email');
    await requireRecentProof(app, user, caller, current_password);
    await useAccountCode(app, userId, caller, email, code);
    // As after a password change: every other session ends, and the old address hears of it (in the same transaction).
    await app.repos.transaction(async (tx) => {
      await tx.users.updateProfile(userId, { email });
      await tx.auth.deleteUserSessions(userId, caller.session?.id ?? null);
      if (user.email) await app.outbox.queueMail(emailChangedMail(user.email, email, user.locale), { tx });
    });
    await app.live.closeEnded(userId);
    return { message: say('api_email_changed'), data: await userJson(app, userId) };
  }
  if (body.phone_number !== undefined) {
    const { contact, code } = parseInput(PhoneChangeSchema, body);
    if (contact.phone_number === user.phone_number) throw invalid('phone_number', 'already_phone_number');
    const owner = await app.repos.users.findCredentials({ phone_number: contact.phone_number });
    if (owner && owner.id !== userId) await refuseTakenAddress(app, userId, caller, 'phone_number');
    await useAccountCode(app, userId, caller, contact.phone_number, code);
    await app.repos.transaction(async (tx) => {
      await tx.users.updateProfile(userId, { phone_number: contact.phone_number, phone_number_country: contact.phone_number_country });
      await accountPhoneProved(tx, userId, contact.phone_number, user.phone_number);
    });
    return { message: say('api_phone_changed'), data: await userJson(app, userId) };
  }
  const form = parseInput(ProfileUpdateSchema, body);
  const changes: ProfileChanges = { ...form };
  if (form.state_id != null && !(await app.repos.catalog.findStates()).some((state) => state.id === form.state_id)) throw invalid('state_id', 'choose_state');
  const countries = await app.repos.catalog.findCountries();
  if (form.country_id != null && !countries.some((country) => country.id === form.country_id)) throw invalid('country_id', 'choose_country');
  // A Malaysian postcode is 5 digits (the country given now, or the one already on the account).
  const countryId = form.country_id !== undefined ? form.country_id : user.detail.country_id;
  const country = countries.find((candidate) => candidate.id === countryId)?.name;
  if (form.postcode && (country === MALAYSIA || country === undefined) && !/^\d{5}$/.test(form.postcode)) {
    throw invalid('postcode', 'postcode_digits');
  }
  await app.repos.users.updateProfile(userId, changes);
  return { message: say('api_profile_updated'), data: await userJson(app, userId) };
}

/** PATCH account/detail and POST account/job_detail: the resume fields (spec §5 Edit resume). */
export async function updateResume(app: AppContext, userId: number, input: unknown): Promise<{ message: string; data: User }> {
  const resume = parseInput(ResumeSchema, input);
  await requireUser(app, userId);
  await app.repos.users.updateResume(userId, { ...resume, additional_skill: resume.additional_skill ?? null });
  return { message: say('api_resume_updated'), data: await userJson(app, userId) };
}

/** POST account/photo: one image through the upload pipeline becomes the photo; the old one's files go. */
export async function uploadPhoto(app: AppContext, userId: number, request: Request): Promise<{ message: string; data: User }> {
  await requireUser(app, userId);
  const { id } = await withFiles(app, request, 'photo', 'image', 1, ([file]) => storeImage(app, `user:${userId}`, file!, 'photo'));
  await app.mediaStore.remove(await app.repos.users.setPhoto(userId, id));
  return { message: say('api_photo_updated'), data: await userJson(app, userId) };
}

/** POST account/cv: a PDF, DOC or DOCX becomes the CV (kept private); the answer is the user (spec §7). */
export async function uploadCv(app: AppContext, userId: number, request: Request): Promise<{ message: string; data: User }> {
  await requireUser(app, userId);
  const { id } = await withFiles(app, request, 'cv', 'cv', 1, ([file]) => storeDocument(app, `user:${userId}`, file!, 'cv', 'cv'));
  await app.mediaStore.remove(await app.repos.users.setCv(userId, id));
  return { message: say('api_cv_uploaded'), data: await userJson(app, userId) };
}

/** The user's own CV as a download. */
export async function downloadCv(app: AppContext, userId: number): Promise<Download> {
  const user = await requireUser(app, userId);
  const cv = user.detail.cv;
  if (!cv) throw new AppError('not_uploaded_cv');
  return privateDownload(app, cv, 'not_uploaded_cv');
}

/** PUT account/pending-delete: the account is deleted in 14 days; other sessions end; a mail confirms it. */
export async function requestDeletion(app: AppContext, userId: number, caller: Caller): Promise<{ message: string; data: User }> {
  const user = await requireUser(app, userId);
  if (!user.pending_delete) {
    await app.repos.transaction(async (tx) => {
      await tx.users.setPendingDelete(userId, caller.session?.id ?? null, new Date(app.clock.now()).toISOString());
      if (user.email) await app.outbox.queueMail(deletionRequestedMail(user.email, ACCOUNT_DELETION_DAYS, user.locale), { tx });
    });
    await app.live.closeEnded(userId);
  }
  return { message: say('api_deletion_scheduled', { days: ACCOUNT_DELETION_DAYS }), data: await userJson(app, userId) };
}

/** DELETE account/pending-delete: keeps the account after all. */
export async function cancelDeletion(app: AppContext, userId: number): Promise<{ message: string; data: User }> {
  await requireUser(app, userId);
  await app.repos.users.setPendingDelete(userId, null, null);
  return { message: say('api_deletion_cancelled'), data: await userJson(app, userId) };
}

/**
 * Erases an account in one transaction (decision 0006): its reviews stay as 'Former member', the sign-in log keeps
 * its lines without whom, its messages and enquiries stay without their words and personal details, and the account
 * with its details, roles, identities, sessions, codes, photo and CV rows goes. Returns the files to delete once it has committed.
 */
function eraseAccount(repos: Repositories, userId: number): Promise<string[]> {
  return repos.transaction(async (tx) => {
    const user = await tx.users.findUser(userId);
    if (!user) return [];
    await tx.users.anonymiseReviewsBy(userId);
    await tx.auth.forgetSignIns(userId, [user.email, user.phone_number].filter((address): address is string => address !== null));
    // Its messages' words and its enquiries' name, phone, e-mail and files go too (issue 44); the threads keep their shape.
    const written = await tx.messages.eraseWrittenBy(userId);
    return [...written, ...await tx.users.deleteUser(userId)];
  });
}

/** The deletion job: erases accounts asked to be deleted more than 14 days ago, files included; returns how many. */
export async function deleteDueAccounts(app: AppContext): Promise<number> {
  const before = new Date(app.clock.now() - ACCOUNT_DELETION_DAYS * 24 * 60 * 60_000).toISOString();
  let deleted = 0;
  for (;;) {
    const due = await app.repos.users.findUsersToDelete(before);
    if (due.length === 0) return deleted;
    for (const userId of due) {
      await app.mediaStore.remove(await eraseAccount(app.repos, userId));
      deleted += 1;
    }
  }
}
