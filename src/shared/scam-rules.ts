/**
 * The scam warnings of conversations (issue 44): rules that every message is scanned with as it is sent (beside the
 * classifier of issue 64: src/server/safety/scams.ts). A flagged message is stored and delivered as any other, under a
 * card with its class's warning in the reader's language; no message is ever dropped. The rules were written against `tests/fixtures/scam-messages.jsonl`, whose first 50
 * messages were labelled and committed before any rule existed (the held-out set the test reports apart).
 *
 * Each rule reads the message normalised (`normaliseMessage`): width and case folded, zero-width characters gone,
 * spaces collapsed, letters spelt out one by one ("b a n k  i n", "b-a-n-k") joined, letters dressed as others
 * (small capitals, Cyrillic) read as Latin ones, emoji read as spaces, and digits standing for letters read as letters
 * ("mayb4nk2u" beside "maybank2u").
 */
import { remove as foldConfusables } from 'confusables';
import { distance } from 'fastest-levenshtein';
import { LinkifyIt } from 'linkify-it';
import { parse } from 'tldts';

/**
 * The classes of scams a message is warned of (issue 64): the rules name the first four; the classifier
 * (src/server/safety/scam-classifier.ts) names any of them. Each class's warning is the catalogue's
 * `scam_warning_{class}`, shown in the reader's language.
 */
export const SCAM_CLASSES = [
  'off-platform-payment', 'deposit-before-viewing', 'lookalike-bank-link', 'otp-request', 'impersonation', 'parcel-fee',
  'task-job', 'investment', 'prize-fee', 'overseas-agent', 'fake-payment-proof',
] as const;
export type ScamClass = (typeof SCAM_CLASSES)[number];
export type ScamRuleId = Extract<ScamClass, 'off-platform-payment' | 'deposit-before-viewing' | 'lookalike-bank-link' | 'otp-request'>;

export interface ScamRule {
  id: ScamRuleId;
  /** What the rule looks for, for the operator and the tests. */
  describes: string;
}

export const SCAM_RULES: readonly ScamRule[] = [
  {
    id: 'off-platform-payment',
    describes: 'Asks for the money first, by bank transfer, before the item is sent or seen.',
  },
  {
    id: 'deposit-before-viewing',
    describes: 'Asks for a deposit or booking fee before a viewing.',
  },
  {
    id: 'lookalike-bank-link',
    describes: "Links to a site dressed as a bank's (a near spelling, or a bank's name inside another domain), or to a bank's login to 'receive' money.",
  },
  {
    id: 'otp-request',
    describes: 'Asks for a TAC, OTP or verification code.',
  },
];

// Words of the rules, in English, Malay (with chat spellings) and Chinese.
const BEFORE = String.raw`(?:first|1st|frist|dulu|dlu|dahulu|terlebih dahulu|awal|upfront|up front|in advance|beforehand)`;
/** Not "the first month", and not "half first when I collect": paying at the meeting is what the warning asks for. */
const NOT_LATER = String.raw`(?!\s+(?:month|week|day|time|year|instal+ment|bulan|minggu|kali))(?![^.?!]{0,20}\b(?:semasa|masa|when|upon|during|bila)\b[^.?!]{0,10}\b(?:ambil|collect|pickup|pick up|jumpa|meet|cod)\b)`;
const TRANSFER = String.raw`(?:bank[\s-]*in|transfer|trf|tf|pindah(?:kan)?|masuk(?:kan)? duit|bayar|pay|payment)`;
const SEND = String.raw`(?:send|sent|post|ship|deliver|pos|poslaju|hantar|kirim|courier)`;
const RELATIVE = String.raw`(?:wife|husband|friend|brother|sister|mother|father|boss|cousin|isteri|bini|suami|kawan|abang|kakak|adik|mak|ayah|bos)`;
const DEPOSIT = String.raw`(?:deposit|booking fee|booking|holding fee|reservation fee|cengkeram|wang pendahuluan|yuran tempahan)`;
const VIEW = String.raw`(?:view|viewing|see the (?:room|house|unit|place|car)|show you|tunjuk|bawa awak|tengok|lihat|melihat|alamat|address|location)`;
// A bare "code" is a TAC unless it is a promo, coupon, post or referral code.
const CODE = String.raw`(?:tac|otp|verification code|verify code|security code|kod tac|kod otp|kod pengesahan|6[- ]?digit(?: code| number)?|(?<!(?:promo|discount|coupon|voucher|post|postal|zip|referral|qr|colour|color|dress|booking|tracking) )code)`;
const ASK = String.raw`(?:send|give|share|forward|tell|pass|bagi|beri|berikan|hantar|kongsi|sms|whatsapp|wasap)`;
const NEGATED = /(?:never|don't|dont|do not|jangan|tak akan|tidak akan|不要|别|切勿)把?\s*$/;
/** A Chinese rule's match that holds its own negation ("看到实物之前不要付钱": never pay before seeing) warns of nothing. */
const NEGATED_INSIDE = /不要|切勿|别(?!人)/;

/** The phrases of each rule other than links, tested on the normalised text. */
const PATTERNS: Record<Exclude<ScamRuleId, 'lookalike-bank-link'>, RegExp[]> = {
  'off-platform-payment': [
    new RegExp(String.raw`\b${TRANSFER}\b[^.?!]{0,30}\b${BEFORE}\b${NOT_LATER}`),
    new RegExp(String.raw`\b${BEFORE}\b[^.?!]{0,12}\b${TRANSFER}\b[^.?!]{0,40}\b(?:then|baru|lepas tu|lepas itu|selepas itu|before)\b[^.?!]{0,30}\b${SEND}`),
    new RegExp(String.raw`\b${TRANSFER}\b[^.?!]{0,30}\b${RELATIVE}(?:'s)?\s*(?:acc|account|akaun|a/c)\b`),
    new RegExp(String.raw`\b${TRANSFER}\b[^.?!]{0,30}\b(?:acc|account|akaun|a/c)\s+(?:my\s+)?${RELATIVE}\b`),
    new RegExp(String.raw`\b(?:no|tak|tiada|not accept(?:ing)?)\s*(?:cod|cash on delivery)\b`),
    /先(?:转账|轉賬|转帐|轉帳|汇款|匯款|付款|付钱|付錢|打款|转钱|轉錢|给钱|給錢|过数|過數)/,
    /(?:不接受|不收|没有)货到付款/,
  ],
  'deposit-before-viewing': [
    new RegExp(String.raw`\b${DEPOSIT}\b[^.?!]{0,30}\b(?:${BEFORE}|before|baru|sebelum)\b[^.?!]{0,40}\b${VIEW}`),
    new RegExp(String.raw`\b${VIEW}\w*\b[^.?!]{0,20}\b(?:only after|after|lepas|selepas|only when)\b[^.?!]{0,20}\b(?:${DEPOSIT}|payment|bayar(?:an)?)\b`),
    new RegExp(String.raw`\b${VIEW}\w*\b[^.?!]{0,40}\b(?:must|kena|perlu|need to|have to|requires?d?)\s+(?:${BEFORE}\s+)?(?:pay|bayar)\b[^.?!]{0,20}\b${DEPOSIT}`),
    new RegExp(String.raw`\b(?:requires?d?|must pay|kena bayar|perlu bayar)\b[^.?!]{0,10}\b${DEPOSIT}\b[^.?!]{0,10}\b(?:before|sebelum)\b[^.?!]{0,10}\b${VIEW}`),
    new RegExp(String.raw`\b(?:pay|bayar)\b[^.?!]{0,20}\b${DEPOSIT}\b[^.?!]{0,20}\b(?:to hold|to book|to keep|untuk simpan|untuk tempah)\b[^.?!]{0,40}\b${VIEW}`),
    /(?:看房|看屋|看车|看車|看货|看貨|看房子|看单位|看)[^。！？]{0,4}(?:之前|以前|前)[^。！？]{0,8}(?:订金|定金|押金|订钱|付款|转账|付钱)/,
    /(?:先|要先)[^。！？]{0,4}(?:付|交|给)[^。！？]{0,4}(?:订金|定金|押金)[^。！？]{0,10}(?:才|再)[^。！？]{0,4}(?:看|带)/,
  ],
  'otp-request': [
    new RegExp(String.raw`\b${ASK}\b(?:\s+(?:me|us|saya|sy|aku|kat saya|to me))?[^.?!]{0,25}\b${CODE}\b`),
    new RegExp(String.raw`\b${CODE}\b[^.?!]{0,40}\b(?:send|give|share|forward|tell|bagi|beri|hantar)\s+(?:it\s+)?(?:to\s+|with\s+|kat\s+|pada\s+|kepada\s+)?(?:me|us|saya|sy|aku)\b`),
    new RegExp(String.raw`\b(?:what(?:'s| is) (?:the|your)|apa)\s+${CODE}\b`),
    /(?:验证码|驗證碼|短信码|动态码|安全码|tac|otp)[^。！？]{0,12}(?:发给|發給|给我|告诉|告訴|传给|发过来|转发)/,
    /(?:发给|發給|给我|告诉|告訴)[^。！？]{0,6}(?:验证码|驗證碼|短信码|tac|otp)/,
  ],
};

/** The banks people in Malaysia log in to, by their sites' registrable domains and the names a lookalike borrows. */
const BANKS: { domains: string[]; names: string[] }[] = [
  { domains: ['maybank2u.com.my', 'maybank.com.my', 'maybank.com', 'maybank2e.com'], names: ['maybank', 'maybank2u', 'maybank2e'] },
  { domains: ['cimbclicks.com.my', 'cimb.com.my', 'cimb.com', 'cimboctopay.com'], names: ['cimb', 'cimbclicks', 'cimbclick'] },
  { domains: ['pbebank.com', 'publicbank.com.my'], names: ['pbebank', 'publicbank'] },
  { domains: ['rhbgroup.com', 'rhbnow.com.my'], names: ['rhb', 'rhbnow', 'rhbgroup', 'rhbbank'] },
  { domains: ['hlb.com.my', 'hongleong.com.my', 'hongleongconnect.my'], names: ['hongleong', 'hlbconnect', 'hongleongconnect'] },
  { domains: ['ambank.com.my', 'ambankgroup.com'], names: ['ambank', 'amonline'] },
  { domains: ['bankislam.com', 'bankislam.biz'], names: ['bankislam'] },
  { domains: ['bsn.com.my', 'mybsn.com.my'], names: ['mybsn'] },
  { domains: ['bankrakyat.com.my'], names: ['bankrakyat', 'irakyat'] },
  { domains: ['affinalways.com', 'affinbank.com.my'], names: ['affinbank', 'affinalways'] },
  { domains: ['alliancebank.com.my', 'allianceonline.com.my'], names: ['alliancebank', 'allianceonline'] },
  { domains: ['bankmuamalat.com.my'], names: ['bankmuamalat', 'muamalat'] },
  { domains: ['ocbc.com.my'], names: ['ocbc'] },
  { domains: ['uob.com.my'], names: ['uob'] },
  { domains: ['hsbc.com.my'], names: ['hsbc'] },
  { domains: ['tngdigital.com.my'], names: ['touchngo', 'tngdigital'] },
];
const REAL_BANK_DOMAINS = new Set(BANKS.flatMap((bank) => bank.domains));
/** Names long enough to be matched by spelling distance (a short name, like "uob", only inside a label). */
const SPELLED_NAMES = BANKS.flatMap((bank) => bank.names).filter((name) => name.length >= 6);
const CONTAINED_NAMES = BANKS.flatMap((bank) => bank.names).filter((name) => name.length >= 3);
/** A link to any bank with words of 'receiving' a payment: banks never send one. */
const RECEIVE = /\b(?:accept|receive|claim|release|confirm|terima|tuntut|sahkan|collect)\b[^.?!]{0,30}\b(?:payment|money|fund|funds|bayaran|wang|duit|transfer)|(?:收款|领取|確認收款|确认收款)/;

// Bare domains too ("log in at mayb4nk2u.com.my"): fuzzy links are off by default since linkify-it 6.
const linkify = new LinkifyIt().set({ fuzzyLink: true });

/** Digits and signs that stand for letters in a disguised word. */
const LEET: Record<string, string> = { 0: 'o', 1: 'i', 3: 'e', 4: 'a', 5: 's', 7: 't', '@': 'a', $: 's' };

/**
 * The text as the rules read it: NFKC (full-width letters and digits become ASCII), lower case, no zero-width
 * characters, one space between words, and letters spelt out one by one joined ("b a n k  i n" → "bankin").
 */
export function normaliseMessage(text: string): string {
  // Letters dressed as others ("ʙᴀɴᴋ", a Cyrillic "і") read as the Latin ones (Unicode's confusables; the table lacks ꜰ).
  return foldConfusables(text.normalize('NFKC').replaceAll('ꜰ', 'F')).toLowerCase()
    .replace(/[\u200b-\u200f\u2060-\u2064\ufeff\u00ad]/g, '')
    .replace(/[’‘`´]/g, "'")
    // An emoji between words parts them ("bank🙏in"); letters spelt with hyphens are one word ("b-a-n-k i-n").
    .replace(/\p{Extended_Pictographic}\ufe0f?/gu, ' ')
    .replace(/\b(?:[a-z]-)+[a-z]\b/g, (letters) => letters.replaceAll('-', ''))
    // Letters spelt one by one, apart by single spaces or dots ("b a n k  i n", "t.a.c"); two spaces part words.
    .replace(/\b(?:[a-z] )+[a-z]\b/g, (letters) => letters.replaceAll(' ', ''))
    .replace(/\b(?:[a-z]\.){2,}[a-z]?\b/g, (letters) => letters.replaceAll('.', ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Letters for the digits inside a word of letters ("mayb4nk2u" → "maybank2u": a digit at a word's end stays). */
function unleet(word: string): string {
  if (/^\d+(?:st|nd|rd|th)$/.test(word)) return word;
  return word.replace(/[0134579@$](?=[a-z])/g, (char) => LEET[char] ?? char);
}

/** The hosts of the links in a message: with a scheme, `www.`, or a bare domain with a known TLD. */
function linkHosts(text: string): string[] {
  const linked = (linkify.match(text) ?? []).map((match) => parse(match.url).hostname);
  // Bare domains under suffixes linkify-it does not know (".online", ".top"), when the public suffix list does.
  const bare = [...text.matchAll(/\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+\b/g)]
    .map(([host]) => parse(host!)).filter((parsed) => parsed.isIcann && parsed.domain).map((parsed) => parsed.hostname);
  return [...new Set([...linked, ...bare])].filter((host): host is string => Boolean(host));
}

/** True when a host is dressed as a bank's site: a near spelling of a bank's name, or a bank's name inside its label. */
function looksLikeBank(host: string): 'bank' | 'lookalike' | null {
  const parsed = parse(host);
  if (!parsed.domain) return null;
  if (REAL_BANK_DOMAINS.has(parsed.domain)) return 'bank';
  // Every label of the host, its subdomains too ("maybank2u.com.my.secure-login.xyz").
  const label = unleet((parsed.hostname ?? host).slice(0, -(parsed.publicSuffix?.length ?? 0) - 1) || parsed.domain);
  const words = label.split(/[-_.]/).filter(Boolean);
  const joined = words.join('');
  if (CONTAINED_NAMES.some((name) => words.includes(name) || (name.length >= 5 && joined.includes(name)))) return 'lookalike';
  if (SPELLED_NAMES.some((name) => [joined, ...words].some((word) => Math.abs(word.length - name.length) <= 2 && distance(word, name) <= 2))) return 'lookalike';
  return null;
}

/** Is some match of `pattern` in `text` not preceded by a negation ("never send the OTP")? */
function matchesAffirmed(pattern: RegExp, text: string): boolean {
  const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
  for (const match of text.matchAll(global)) {
    if (!NEGATED.test(text.slice(Math.max(0, match.index - 16), match.index)) && !NEGATED_INSIDE.test(match[0])) return true;
  }
  return false;
}

/** The rules a message breaks, in SCAM_RULES order (none for an ordinary message). */
export function scanMessage(text: string): ScamRuleId[] {
  const plain = normaliseMessage(text);
  const folded = plain.replace(/[a-z0-9@$]+/g, unleet);
  const found = new Set<ScamRuleId>();
  for (const [id, patterns] of Object.entries(PATTERNS) as [ScamRuleId, RegExp[]][]) {
    if (patterns.some((pattern) => matchesAffirmed(pattern, plain) || matchesAffirmed(pattern, folded))) found.add(id);
  }
  const kinds = linkHosts(plain).map(looksLikeBank);
  if (kinds.includes('lookalike') || (kinds.includes('bank') && (RECEIVE.test(plain) || RECEIVE.test(folded)))) found.add('lookalike-bank-link');
  return SCAM_RULES.map((rule) => rule.id).filter((id) => found.has(id));
}
