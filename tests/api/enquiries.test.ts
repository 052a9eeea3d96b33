import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { deleteDueAccounts } from '../../src/server/accounts/settings.ts';
import { RATE_LIMITS } from '../../src/server/rate-limits.ts';
import { ENQUIRY_WORDS, MY_AREA_PAGE_SIZE, type EnquiryKind, type EnquiryRecord } from '../../src/shared/enquiries.ts';
import { malaysiaToday } from '../../src/shared/malaysia-time.ts';
import { livePost, profileWhere, type LivePost } from '../fixtures/catalogue.ts';
import { uploadedImage } from '../fixtures/uploads.ts';
import { useAccountsApp } from '../helpers/accounts.ts';
import { rowCount } from '../helpers/test-database.ts';
import { decodedMail, messagesTo, type SessionClient } from '../helpers/session-client.ts';

let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c63' } }).png().toBuffer();
});
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const { outbox, copy, clock, api, browser, registerByEmail, signIn } = useAccountsApp('enquiries');
let people = 0;

async function member(name = 'Siti Nurhaliza') {
  const email = `enquirer-${++people}@example.my`;
  await registerByEmail(email, name);
  return { visitor: await signIn(email), email };
}

const inDays = (days: number) => malaysiaToday(Date.now() + days * 86_400_000);
const sender = { name: 'Siti Nurhaliza', phone_number: '+60 12-345 6789', email: 'siti@example.my', contact_method: 'whatsapp' };

/** The `offset`-th live post of a type that `matches` accepts (found through the data seam: tests/fixtures). */
const aPost = (type: EnquiryKind, matches: (post: LivePost) => boolean = () => true, offset = 0) => livePost(copy.app, type, { matches, offset });
/** The listing's owner has a contact e-mail. */
const withEmail = (post: LivePost) => post.email !== null;
/** A post with an e-mail and an English title, which a mail's Subject header carries as it is (not RFC 2047 encoded). */
const englishWithEmail = (post: LivePost) => withEmail(post) && /^[\x20-\x7e]+$/.test(post.title);

function form(fields: Record<string, string | string[]>, file?: { field: string; bytes: Buffer; name: string; type: string }): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  if (file) body.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return body;
}

const uploadImage = (visitor: SessionClient) => uploadedImage(visitor, '/api/enquire/image', png, 'leak.png');

const enquiryCount = () => rowCount(copy.query, 'enquiries');
/** The stored file of the document an enquiry carries. */
const enquiryFile = async (id: number) => (await copy.query.selectFrom('enquiries').innerJoin('documents', 'documents.id', 'enquiries.document_id')
  .select('documents.file').where('enquiries.id', '=', id).executeTakeFirstOrThrow()).file;
const lastMail = (to: string) => decodedMail(messagesTo(outbox, to).at(-1) ?? '');

describe('enquiries answer 401 signed out (spec §7)', () => {
  it('for every call', async () => {
    const visitor = browser();
    for (const kind of ['services', 'jobs', 'hireme', 'buysell'] as const) {
      const path = `/api/${ENQUIRY_WORDS[kind].api}`;
      expect((await visitor.post(path, { id: 1 })).status, `POST ${path}`).toBe(401);
      expect((await visitor.get(path)).status, `GET ${path}`).toBe(401);
      expect((await visitor.get(`${path}/1`)).status, `GET ${path}/1`).toBe(401);
    }
    expect((await visitor.postForm('/api/enquire/image', form({}, { field: 'image', bytes: png, name: 'a.png', type: 'image/png' }))).status).toBe(401);
    expect((await visitor.postForm('/api/hireme/enquire', form({ id: '1' }, { field: 'doc', bytes: PDF, name: 'offer.pdf', type: 'application/pdf' }))).status).toBe(401);
  });
});

describe('POST enquire (services and profiles)', () => {
  it('stores the enquiry as Pending with 2 images, mails the owner and a copy to the sender’s own account address, and lists it in My area', async () => {
    const { visitor, email } = await member();
    const post = (await aPost('services', englishWithEmail));
    const images = [await uploadImage(visitor), await uploadImage(visitor)];
    const answer = await visitor.post('/api/enquire', {
      ...sender, type: 'services', id: post.id, description: 'Need aircon servicing for 3 units.\nAfternoon is best.',
      preferred_date: inDays(3), alternative_date: inDays(4), urgent: '1', images,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe('Enquiry Submitted, check your Dashboard.');
    const record = answer.body.data as EnquiryRecord;
    expect(record).toMatchObject({
      type: 'services', status: 'pending', name: 'Siti Nurhaliza', phone_number: '+60 12-345 6789', email: 'siti@example.my', contact_method: 'whatsapp',
      description: 'Need aircon servicing for 3 units.\nAfternoon is best.', preferred_date: inDays(3), alternative_date: inDays(4), urgent: '1',
      enquirable: { type: 'services', id: post.id, title: post.title, variant: 'post', profile: { name: post.profile } },
      url: `/me/services/${record.id}`,
    });
    expect(record.images!.map((image) => image.full)).toEqual(images.map((image) => image.full));
    const unused = await copy.query.selectFrom('uploads').innerJoin('enquiry_media', 'enquiry_media.media_id', 'uploads.media_id')
      .select('uploads.id').where('enquiry_media.enquiry_id', '=', record.id).where('uploads.attached_at', 'is', null).execute();
    expect(unused).toEqual([]);

    const toOwner = lastMail(post.email!);
    expect(toOwner).toContain(`Subject: New enquiry: ${post.title.slice(0, 20)}`);
    expect(toOwner).toContain('Siti Nurhaliza');
    expect(toOwner).toContain('+60 12-345 6789');
    expect(toOwner).toContain('WhatsApp');
    expect(toOwner).toContain('Need aircon servicing for 3 units.');
    // The copy goes to the account's proven address, never to the one typed in the form: the form's
    // address may be anybody's, and the site would relay the sender's text to them (security probe item 6).
    expect(lastMail('siti@example.my')).toBe('');
    const toSender = lastMail(email);
    expect(toSender).toContain('Your enquiry about');
    expect(toSender).toContain(`/me/services/${record.id}`);

    const list = await visitor.get('/api/enquire');
    expect(list.status).toBe(200);
    expect(list.headers.get('Cache-Control')).toBe('no-store');
    expect((list.body.data as { id: number }[]).map((item) => item.id)).toEqual([record.id]);
    const one = await visitor.get(`/api/enquire/${record.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: record.id, name: 'Siti Nurhaliza', contact_method: 'whatsapp' });
  });

  it('sends an enquiry about a profile without a contact e-mail to the site inbox, named for passing on', async () => {
    const { visitor, email } = await member('Ahmad');
    // Nobody owns it: an owner would get it in their leads instead.
    const profile = await profileWhere(copy.app, (candidate) => candidate.email === null && candidate.row.owner_user_id === null);
    const answer = await visitor.post('/api/enquire', { name: 'Ahmad', phone_number: '0123456789', type: 'profile', id: profile.id, description: 'Open on Sunday?', preferred_date: inDays(0) });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ contact_method: 'call', email: null, urgent: '0', enquirable: { variant: 'profile', title: profile.name } });
    const inbox = lastMail('enquiries@yellowpages.my');
    expect(inbox).toContain(`pass this on to ${profile.name}`);
    // No e-mail on the form: the copy goes to the account's address.
    expect(lastMail(email)).toContain('Your enquiry about');
  });

  it('answers each missing or bad field with 422 and stores nothing', async () => {
    const { visitor } = await member();
    const post = (await aPost('services', undefined, 3));
    const before = await enquiryCount();
    const empty = await visitor.post('/api/enquire', { type: 'services', id: post.id });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors!).sort()).toEqual(['description', 'name', 'phone_number', 'preferred_date']);
    const bad = await visitor.post('/api/enquire', {
      ...sender, email: 'not-an-email', contact_method: 'pigeon', type: 'services', id: post.id, description: 'x', preferred_date: '2020-01-01', alternative_date: '2026-02-30',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      email: ['Enter a valid email address.'], contact_method: ['Choose how you want to be contacted.'],
      preferred_date: ['The preferred date cannot be before today.'], alternative_date: ['The alternative date is not a valid date.'],
    });
    // A day that is no date at all (month 13) is a 422 too, never a crash.
    const noDay = await visitor.post('/api/enquire', { ...sender, type: 'services', id: post.id, description: 'x', preferred_date: '2026-13-40' });
    expect(noDay.status).toBe(422);
    expect(noDay.body.errors).toMatchObject({ preferred_date: ['The preferred date is not a valid date.'] });
    const sixImages = await visitor.post('/api/enquire', { ...sender, type: 'services', id: post.id, description: 'x', preferred_date: inDays(1), images: Array.from({ length: 6 }, () => ({ full: '/media/x.jpg' })) });
    expect(sixImages.body.errors).toMatchObject({ images: ['At most 5 images.'] });
    // Images somebody else uploaded are refused.
    const { visitor: other } = await member();
    const theirs = await uploadImage(other);
    const stolen = await visitor.post('/api/enquire', { ...sender, type: 'services', id: post.id, description: 'x', preferred_date: inDays(1), images: [theirs] });
    expect(stolen.status).toBe(422);
    expect(stolen.body.errors).toMatchObject({ images: ['Upload the images again.'] });
    expect((await visitor.post('/api/enquire', { ...sender, type: 'jobs', id: post.id, description: 'x', preferred_date: inDays(1) })).status).toBe(422);
    expect((await visitor.post('/api/enquire', { ...sender, type: 'services', id: 999_999_999, description: 'x', preferred_date: inDays(1) })).status).toBe(404);
    expect(await enquiryCount()).toBe(before);
  });

  it('refuses a second enquiry about the same listing within 10 minutes, and limits each account', async () => {
    const { visitor } = await member();
    const post = (await aPost('services', undefined, 5));
    const send = (id: number) => visitor.post('/api/enquire', { ...sender, type: 'services', id, description: 'Quote please.', preferred_date: inDays(2) });
    expect((await send(post.id)).status).toBe(201);
    const again = await send(post.id);
    expect(again.status).toBe(429);
    expect(again.headers.get('Retry-After')).toBe('600');
    // Ten minutes later it goes through.
    clock.advance(11 * 60_000);
    expect((await send(post.id)).status).toBe(201);
    // The account's hourly limit (2 sent so far, plus the refused one).
    const statuses = [];
    for (let offset = 10; offset < 10 + RATE_LIMITS.enquiry.limit; offset += 1) statuses.push((await send((await aPost('services', undefined, offset)).id)).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 201)).toHaveLength(RATE_LIMITS.enquiry.limit - 3);
  });

  it('limits each client too, whichever account sends', async () => {
    const client = '198.51.100.77';
    const statuses: number[] = [];
    let offset = 100;
    // Everyone signs in first: signing in moves the app's clock past the code limits, and the client's hour runs on that clock.
    const visitors = [];
    for (let person = 0; person < 3; person += 1) {
      const email = `shared-client-${++people}@example.my`;
      await registerByEmail(email);
      visitors.push(await signIn(email, undefined, browser(client)));
    }
    for (const [person, visitor] of visitors.entries()) {
      const sends = person < 2 ? RATE_LIMITS.enquiry.limit : 1;
      for (let sent = 0; sent < sends; sent += 1) {
        statuses.push((await visitor.post('/api/enquire', { ...sender, type: 'services', id: (await aPost('services', undefined, offset++)).id, description: 'Quote please.', preferred_date: inDays(1) })).status);
      }
    }
    // Two accounts use up the client's hour; the third account's first enquiry is refused.
    expect(RATE_LIMITS.enquiryClient.limit).toBe(2 * RATE_LIMITS.enquiry.limit);
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('drops a filled honeypot without storing or mailing, and keeps typed markup inert in mails', async () => {
    const { visitor } = await member();
    const post = (await aPost('services', withEmail, 1));
    const before = await enquiryCount();
    const bot = await visitor.post('/api/enquire', { ...sender, type: 'services', id: post.id, description: 'Buy now', preferred_date: inDays(1), website: 'http://spam.example' });
    expect(bot.status).toBe(201);
    expect(await enquiryCount()).toBe(before);

    const answer = await visitor.post('/api/enquire', {
      ...sender, name: 'Eve <img src=x onerror=alert(1)>', type: 'services', id: post.id,
      description: '<script>alert("x")</script>\u0000\u202Eevil', preferred_date: inDays(1),
    });
    expect(answer.status).toBe(201);
    expect((answer.body.data as { description: string }).description).toBe('<script>alert("x")</script>evil');
    const mail = lastMail(post.email!);
    const html = mail.slice(mail.indexOf('<!doctype html>'));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;');
  });
});

describe('POST job-application', () => {
  it('applies with a new CV (multipart): stored privately, attached to the owner mail, downloadable by the applicant only', async () => {
    const { visitor } = await member('Lim Wei');
    const job = (await aPost('jobs', (post) => post.row.job_resume_required === true && post.row.job_confidential === false && withEmail(post)));
    const answer = await visitor.postForm<{ message: string; data: EnquiryRecord }>('/api/job-application', form({
      id: String(job.id), name: 'Lim Wei', phone_number: '0198765432', contact_method: 'email', email: 'lim@example.my',
      language: ['English', 'Chinese'], education: 'degree', experience: '4', salary_type: 'month', salary: '5500', additional_skill: 'Forklift licence',
    }, { field: 'cv', bytes: PDF, name: 'Lim Wei – CV.pdf', type: 'application/pdf' }));
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe('Application Submitted, check your Dashboard.');
    const record = answer.body.data as EnquiryRecord & { attachment: { original_filename: string; url: string } };
    expect(record).toMatchObject({ type: 'jobs', language: ['English', 'Chinese'], education: 'degree', experience: 4, salary: 5500, salary_type: 'month', post: { id: job.id } });
    expect(record.attachment.original_filename).toBe('Lim Wei – CV.pdf');
    const file = await enquiryFile(record.id);
    expect(file.startsWith('private/')).toBe(true);
    expect(lastMail(job.email!)).toContain('filename*0*=');
    expect(lastMail(job.email!)).toContain('Their CV is attached');

    const download = await api().request(record.attachment.url, { headers: { Cookie: visitor.cookieHeader() } }, { clientAddress: visitor.client });
    expect(download.status).toBe(200);
    expect(download.headers.get('Content-Disposition')).toContain('attachment');
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
    const { visitor: stranger } = await member();
    expect((await stranger.get(record.attachment.url)).status).toBe(404);
  });

  it('needs a CV only when the job asks for one, and can attach the CV stored on the account (a copy)', async () => {
    const { visitor } = await member('Raj');
    const fields = { name: 'Raj', phone_number: '0123334444', language: 'English,Malay', education: 'spm', experience: '0', salary_type: 'month', salary: '2000' };
    const needsCv = (await aPost('jobs', (post) => post.row.job_resume_required === true, 1));
    const refused = await visitor.post('/api/job-application', { ...fields, id: needsCv.id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ cv: ['The cv field is required.'] });
    expect((await visitor.post('/api/job-application', { ...fields, id: needsCv.id, cv: 'profile' })).body.errors).toEqual({ cv: ['Upload your CV.'] });

    const noCv = (await aPost('jobs', (post) => post.row.job_resume_required === false));
    const applied = await visitor.post('/api/job-application', { ...fields, id: noCv.id });
    expect(applied.status).toBe(201);
    expect(applied.body.data).toMatchObject({ attachment: null, language: ['English', 'Malay'] });

    expect((await visitor.postForm('/api/account/cv', form({}, { field: 'cv', bytes: PDF, name: 'raj.pdf', type: 'application/pdf' }))).status).toBe(200);
    const withStored = await visitor.post('/api/job-application', { ...fields, id: needsCv.id, cv: 'profile' });
    expect(withStored.status).toBe(201);
    const ids = await copy.query.selectFrom('enquiries').innerJoin('user_details', 'user_details.user_id', 'enquiries.user_id')
      .select(['enquiries.document_id as sent', 'user_details.cv_document_id as stored'])
      .where('enquiries.id', '=', (withStored.body.data as { id: number }).id).executeTakeFirstOrThrow();
    expect(ids.sent).not.toBeNull();
    expect(ids.sent).not.toBe(ids.stored);
  });

  it('answers the required fields of spec §5 with 422', async () => {
    const { visitor } = await member();
    const answer = await visitor.post('/api/job-application', { id: (await aPost('jobs')).id, name: 'A', phone_number: '0123456789', experience: '', salary: '' });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors!).sort()).toEqual(['education', 'experience', 'language', 'salary', 'salary_type']);
  });

  it('never names a confidential company to the applicant', async () => {
    const { visitor, email } = await member();
    const job = (await aPost('jobs', (post) => post.row.job_confidential === true && post.row.job_resume_required === false));
    const answer = await visitor.post('/api/job-application', { id: job.id, name: 'B', phone_number: '0123456789', language: ['Malay'], education: 'diploma', experience: 2, salary_type: 'year', salary: 40000 });
    expect(answer.status).toBe(201);
    expect((answer.body.data as { post: { profile: unknown } }).post.profile).toBeNull();
    const listed = await visitor.get('/api/job-application');
    expect(JSON.stringify(listed.body)).not.toContain(job.profile);
    expect(lastMail(email)).not.toContain(job.profile);
  });
});

describe('POST hireme/enquire and buysell/enquire', () => {
  it('sends a job offer with a document (multipart), kept private', async () => {
    const { visitor } = await member('Tan Ah Kow');
    // People for hire list no contact e-mail: their offers go to the site's inbox, to be passed on.
    const hireme = (await aPost('hireme'));
    const answer = await visitor.postForm('/api/hireme/enquire', form({
      id: String(hireme.id), name: 'Tan Ah Kow', phone_number: '0162223333', company_name: 'Kedai Runcit Tan', offer: 'RM 2,500 a month, 3-month contract',
    }, { field: 'doc', bytes: PDF, name: 'offer.pdf', type: 'application/pdf' }));
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe('Offer Submitted, check your Dashboard.');
    expect(answer.body.data).toMatchObject({ type: 'hireme', company_name: 'Kedai Runcit Tan', offer: 'RM 2,500 a month, 3-month contract', attachment: { original_filename: 'offer.pdf' } });
    expect(await enquiryFile((answer.body.data as { id: number }).id)).toMatch(/^private\//);
    expect(lastMail('enquiries@yellowpages.my')).toContain('New job offer');
    const missing = await visitor.post('/api/hireme/enquire', { id: hireme.id, name: 'Tan', phone_number: '0162223333' });
    expect(Object.keys(missing.body.errors!).sort()).toEqual(['company_name', 'offer']);
    const notPdf = await visitor.postForm('/api/hireme/enquire', form({ id: String((await aPost('hireme', undefined, 2)).id), name: 'Tan', phone_number: '0162223333', company_name: 'X', offer: 'Y' },
      { field: 'doc', bytes: png, name: 'offer.pdf', type: 'application/pdf' }));
    expect(notPdf.status).toBe(422);
    expect(notPdf.body.errors).toEqual({ doc: ['The file must be a PDF.'] });
  });

  it('sends a buy & sell offer and answers its required fields with 422', async () => {
    const { visitor } = await member();
    const item = (await aPost('buysell'));
    const missing = await visitor.post('/api/buysell/enquire', { id: item.id, name: 'C', phone_number: '0123456789', qty: '', offered_price: '' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors!).sort()).toEqual(['deal_method', 'offered_price', 'qty']);
    const answer = await visitor.post('/api/buysell/enquire', { id: item.id, name: 'C', phone_number: '0123456789', qty: 2, offered_price: 150.5, deal_method: 'cod', remark: 'Can collect Saturday' });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ type: 'buysell', qty: 2, offered_price: 150.5, deal_method: 'cod', enquirable: { id: item.id } });
    const listed = await visitor.get('/api/buysell/enquire');
    expect((listed.body.data as unknown[]).length).toBe(1);
  });
});

describe('reading enquiries (IDOR)', () => {
  it('answers 404 on every GET …/{id} for somebody else\'s enquiry and for one of another kind', async () => {
    const { visitor: owner } = await member();
    const { visitor: stranger } = await member();
    const sent: [EnquiryKind, number][] = [];
    const services = await owner.post('/api/enquire', { ...sender, type: 'services', id: (await aPost('services', undefined, 40)).id, description: 'x', preferred_date: inDays(1) });
    sent.push(['services', (services.body.data as { id: number }).id]);
    const job = await owner.post('/api/job-application', { id: (await aPost('jobs', (post) => post.row.job_resume_required === false, 3)).id, name: 'D', phone_number: '0123456789', language: 'English', education: 'none', experience: 1, salary_type: 'month', salary: 1800 });
    sent.push(['jobs', (job.body.data as { id: number }).id]);
    const offer = await owner.post('/api/hireme/enquire', { id: (await aPost('hireme', undefined, 4)).id, name: 'D', phone_number: '0123456789', company_name: 'D Sdn Bhd', offer: 'Part-time' });
    sent.push(['hireme', (offer.body.data as { id: number }).id]);
    const buysell = await owner.post('/api/buysell/enquire', { id: (await aPost('buysell', undefined, 4)).id, name: 'D', phone_number: '0123456789', qty: 1, offered_price: 10, deal_method: 'delivery' });
    sent.push(['buysell', (buysell.body.data as { id: number }).id]);
    for (const [kind, id] of sent) {
      const path = `/api/${ENQUIRY_WORDS[kind].api}/${id}`;
      expect((await owner.get(path)).status, path).toBe(200);
      const theirs = await stranger.get(path);
      expect(theirs.status, path).toBe(404);
      expect(theirs.body.message).toBe('Enquiry not found.');
      expect((await stranger.get(`${path}/attachment`)).status).toBe(404);
      const otherKind = kind === 'services' ? 'buysell' : 'services';
      expect((await owner.get(`/api/${ENQUIRY_WORDS[otherKind].api}/${id}`)).status).toBe(404);
    }
    expect(((await stranger.get('/api/enquire')).body.data as unknown[])).toEqual([]);
  });

  it('pages a long list', async () => {
    const { visitor, email } = await member();
    const { id: userId } = (await copy.repos.users.findCredentials({ email }))!;
    const post = (await aPost('services'));
    // Sent over the last days, a quarter of an hour apart (past the repeat window).
    const start = clock.now() - (MY_AREA_PAGE_SIZE + 3) * 15 * 60_000;
    for (let index = 0; index < MY_AREA_PAGE_SIZE + 3; index += 1) {
      const createdAt = new Date(start + index * 15 * 60_000).toISOString();
      await copy.repos.enquiries.insertEnquiry({
        kind: 'services', userId, listing: post, listingTitle: post.title, name: 'E', phone_number: '0123456789', email: null, contact_method: 'call',
        details: { description: 'x' }, mediaIds: [], documentId: null, notified: null, ownerUserId: null, createdAt,
      });
    }
    const first = await visitor.get('/api/enquire');
    expect((first.body.data as unknown[]).length).toBe(MY_AREA_PAGE_SIZE);
    expect(first.body.has_more).toBe(true);
    const second = await visitor.get('/api/enquire?page=2');
    expect((second.body.data as unknown[]).length).toBe(3);
    expect(second.body.has_more).toBe(false);
  });

  it('keeps enquiries for the listing owners when the sender\'s account is deleted, without the link to the account or the sender\'s details (issue 44)', async () => {
    const { visitor } = await member();
    const answer = await visitor.post('/api/enquire', { ...sender, type: 'services', id: (await aPost('services', undefined, 60)).id, description: 'x', preferred_date: inDays(1) });
    const id = (answer.body.data as { id: number }).id;
    expect((await visitor.call('PUT', '/api/account/pending-delete', {})).status).toBe(200);
    clock.advance(15 * 86_400_000);
    await deleteDueAccounts(copy.app);
    expect(await copy.query.selectFrom('enquiries').select(['user_id', 'name', 'phone_number', 'email']).where('id', '=', id).executeTakeFirst())
      .toEqual({ user_id: null, name: 'Former member', phone_number: '', email: null });
  });
});
