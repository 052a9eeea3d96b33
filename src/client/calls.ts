/**
 * The browser's calls of the API (spec §7): one typed function per path, its request typed from the shared schema
 * the server validates it with, its answer by the shared types. Types only: nothing here parses an answer, and no
 * schema is loaded by importing this (every schema import is `import type`). Islands call these, never `api`
 * with a path string and a cast.
 */
import type { z } from 'zod';
import type { ListingType } from '../shared/constants.ts';
import type { EnquiryKind, EnquiryRecord } from '../shared/enquiries.ts';
import { ENQUIRY_WORDS } from '../shared/enquiries.ts';
import type {
  ChangePasswordSchema, CodeRequestSchema, LoginSchema, ProfileUpdateSchema, RegisterSchema, ResetPasswordSchema, ResumeSchema,
  TempTokenSchema, TwoFactorSchema, UpgradeSchema, User,
} from '../shared/schemas/accounts.ts';
import type { Image, Review } from '../shared/schemas/catalog.ts';
import type { ReportSchema, ReviewFormSchema } from '../shared/schemas/engagement.ts';
import type { ENQUIRY_SCHEMAS } from '../shared/schemas/enquiries.ts';
import type { Frequency, SavedSearch } from '../shared/saved-searches.ts';
import type { AutocompleteRequestSchema, CityAutocompleteRequestSchema, SearchRequest, Suggestion } from '../shared/search.ts';
import type { FollowedItem } from '../stores/session.ts';
import { api, csrfToken } from './api.ts';

type Input<Schema extends z.ZodType> = z.input<Schema>;
type Message = { message: string };
type Data<T> = { data: T };
type Saved = Message & Data<User>;
/** A page of a person's list (My area), and whether more follow. */
export type ListPage<Item> = { data: Item[]; page: number; has_more: boolean };

/** A listing someone follows, as the My area list shows it. */
export interface FollowListItem {
  id: number;
  type: ListingType | 'profile';
  variant: 'post' | 'profile';
  followable: { title: string; slug: string; url: string; image: Image | null };
}

// Reference data
export const countries = () => api.get('countries').json<{ id: number; name: string; calling_code: string }[]>();
export const states = () => api.get('states').json<{ id: number; name: string }[]>();

// Search
export const autocomplete = (body: Input<typeof AutocompleteRequestSchema>) => api.post('post/autocomplete', { json: body }).json<Data<Suggestion[]>>();
export const cityAutocomplete = (body: Input<typeof CityAutocompleteRequestSchema>) =>
  api.post('cities/autocomplete', { json: body }).json<Data<{ city_state: string; name: string }[]>>();

// Signing up and in (spec §4)
/** Asks for a code: to register, to reset a password, or to prove an address of the account. */
export const requestCode = (path: 'register/verification' | 'password/verification' | 'account/verification', body: Input<typeof CodeRequestSchema>) =>
  api.post(path, { json: body }).json<Message>();
export const register = (body: Input<typeof RegisterSchema>) => api.post('register', { json: body }).json<Message>();
export const resetPassword = (body: Input<typeof ResetPasswordSchema>) => api.post('password/reset', { json: body }).json<Message>();
export const logIn = (body: Input<typeof LoginSchema>) => api.post('auth/login', { json: body }).json<Message & Data<{ temp_token: string }>>();
export const twoFactor = (body: Input<typeof TwoFactorSchema>) => api.post('auth/2fa', { json: body }).json<{ status: boolean } & Message & Data<User>>();
export const resendTwoFactor = (body: Input<typeof TempTokenSchema>) => api.post('2fa/verification', { json: body }).json<{ status: boolean } & Message>();
/** GET auth/logout, with the token header a GET does not get by itself. */
export const logOut = async () => api.get('auth/logout', { headers: { 'X-XSRF-TOKEN': (await csrfToken()) ?? '' } }).json<Message>();

// The account (spec §5)
export const account = () => api.get('account').json<Data<User>>();
export const changePassword = (body: Input<typeof ChangePasswordSchema>) => api.patch('account/password', { json: body }).json<Message>();
export const upgrade = (body: Input<typeof UpgradeSchema>) => api.post('account/upgrade', { json: body }).json<Saved>();
export const updateAccount = (body: Input<typeof ProfileUpdateSchema> | Record<string, unknown>) => api.patch('account', { json: body }).json<Saved>();
/** The resume as its form holds it (text the server reads with ResumeSchema). */
export const updateResume = (body: Record<keyof Input<typeof ResumeSchema>, unknown>) => api.patch('account/detail', { json: body }).json<Saved>();
export const uploadPhoto = (body: FormData) => api.post('account/photo', { body }).json<Saved>();
export const uploadCv = (body: FormData) => api.post('account/cv', { body }).json<Saved>();
export const requestDeletion = () => api.put('account/pending-delete').json<Saved>();
export const cancelDeletion = () => api.delete('account/pending-delete').json<Saved>();

// Engagement
export const report = (body: Input<typeof ReportSchema>) => api.post('reportissue', { json: body }).json<Message>();
export const review = (body: Input<typeof ReviewFormSchema>) => api.post('review', { json: body }).json<Message & Data<Review & { held?: boolean }>>();
/** The caller's own review of a listing, and whether it waits for a check (issue 45). */
export const ownReview = (type: string, id: number) => api.get('review/mine', { searchParams: { type, id } }).json<Data<{ id: number; waiting: boolean } | null>>();
/** An image uploaded before the form that names it (a review's, an enquiry's). */
export const uploadImage = (path: 'review/image' | 'enquire/image', body: FormData) => api.post(path, { body }).json<Data<Image>>();
export const toggleFollow = (body: { type: FollowedItem['type']; id: number }) => api.post('follow', { json: body }).json<Data<string>>();
export const followed = () => api.get('follow').json<Data<FollowedItem[]>>();
export const follows = (page: number) => api.get('follow', { searchParams: { page } }).json<ListPage<FollowListItem>>();

// Enquiries of the four kinds (spec §5, §7)
/** Sends an enquiry: JSON, or multipart when a file goes with it. */
export const sendEnquiry = <Kind extends EnquiryKind>(kind: Kind, body: Input<(typeof ENQUIRY_SCHEMAS)[Kind]> | FormData) =>
  api.post(ENQUIRY_WORDS[kind].api, body instanceof FormData ? { body } : { json: body }).json<Message>();
export const enquiries = (kind: EnquiryKind, page: number) => api.get(ENQUIRY_WORDS[kind].api, { searchParams: { page } }).json<ListPage<EnquiryRecord>>();
/** One enquiry the user sent, with its thread (issue 26) and whether they may answer in it. */
export const enquiry = (kind: EnquiryKind, id: number) => api.get(`${ENQUIRY_WORDS[kind].api}/${id}`).json<Data<EnquiryRecord & { conversation_id: number | null }>>();
/** How many of an advertiser's leads are unread (the header's Advertiser Dashboard entry). */
export const unreadLeads = () => api.get('advertiser/leads/unread').json<Data<{ unread: number }>>();

// Saved searches (issue 29)
export const savedSearches = () => api.get('saved-searches').json<Data<SavedSearch[]>>();
export const saveSearch = (body: SearchRequest & { name?: string; frequency?: Frequency }) => api.post('saved-searches', { json: body }).json<Message & Data<SavedSearch>>();
export const changeSavedSearch = (id: number, body: { name?: string; frequency?: Frequency }) =>
  api.patch(`saved-searches/${id}`, { json: body }).json<Message & Data<SavedSearch>>();
export const deleteSavedSearch = (id: number) => api.delete(`saved-searches/${id}`).json<Message>();
