/**
 * My area's words in the page's language (spec §2, §8; issue 42): each tab's label and empty list, and what one
 * enquiry of a kind is called. For server-rendered pages, which hand them to the islands as props.
 */
import * as m from '../paraglide/messages.js';
import { MY_AREA_PAGES, type EnquiryKind, type MyAreaPage } from './enquiries.ts';

export const MY_AREA_WORDS: Record<MyAreaPage, { tab: () => string; empty: () => string }> = {
  enquire: { tab: m.my_tab_enquire, empty: m.my_empty_enquire },
  job_application: { tab: m.my_tab_job_application, empty: m.my_empty_job_application },
  buysell_offers: { tab: m.my_tab_buysell_offers, empty: m.my_empty_offers },
  job_offer: { tab: m.my_tab_job_offer, empty: m.my_empty_offers },
  following: { tab: m.my_tab_following, empty: m.my_empty_following },
};

/** The heading of one enquiry's page: 'Enquiry', 'Job application', 'Job offer', 'Offer'. */
export const ENQUIRY_TITLES: Record<EnquiryKind, () => string> = {
  services: m.enquiry_title_services, jobs: m.enquiry_title_jobs, hireme: m.enquiry_title_hireme, buysell: m.enquiry_title_buysell,
};

/** The My area tab that lists a kind's enquiries, in the page's language. */
export function enquiryTab(kind: EnquiryKind): { page: MyAreaPage; tab: string } {
  const page = (Object.keys(MY_AREA_PAGES) as MyAreaPage[]).find((name) => MY_AREA_PAGES[name].kind === kind)!;
  return { page, tab: MY_AREA_WORDS[page].tab() };
}
