/**
 * An ad as its editor's body holds it (issue 40): every field an advertiser edits, in the API body's shape. The
 * server applies a JSON Merge Patch over it; the ad editor's form starts from it and sends the patch between it and
 * what the person changed. Lists (photos, documents, videos, categories, keywords, locations) come whole.
 */
import type { Post } from './schemas/catalog.ts';

/** What an ad's editor view holds (advertiser/posts.ts postForAdvertiser). */
type AdvertiserView = Pick<Post, 'type' | 'title' | 'summary' | 'images' | 'documents' | 'locations' | 'job' | 'hireme' | 'service' | 'buysell' | 'op'>
  & { keywords: string[]; categories_slugs: string[] };

/**
 * The ad as an edit's body would send it whole. A job's own expiry is left out (null keeps it); a hireme ad's town is
 * the one it has.
 */
export function adBody(view: AdvertiserView, locationIds: number[]) {
  const media = view.images;
  const common = {
    type: view.type, title: view.title, summary: view.summary, categories: view.categories_slugs, keywords: view.keywords,
    locations: view.type === 'hireme' ? [] : locationIds,
    images: media.filter((item) => item.video === null).map((item) => ({ full: item.image.full })),
    videos: media.flatMap((item) => (item.video ? [{ file: item.video.file }] : [])),
    documents: view.documents.map((document) => ({ file: document.doc.file })),
  };
  if (view.job) {
    const job = view.job;
    return { ...common, job: {
      type: job.type, qualification: job.qualification, level: job.level, requirements: job.requirements, responsibilities: job.responsibilities,
      benefits: job.benefits, company_confidential: job.company_confidential, document_resume_cv: job.resume_required, salary_min: job.salary_min,
      salary_max: job.salary_max, salary_type: job.salary_type, expires_at: null, remote: job.remote,
    } };
  }
  if (view.hireme) {
    const hireme = view.hireme;
    return { ...common, hireme: {
      language: hireme.language, type: hireme.type, expertise: hireme.expertise, rate: hireme.rate, vaccination: hireme.vaccination, skill: hireme.skill,
      experience: hireme.experience, education: hireme.education, company_confidential: hireme.company_confidential, expected_salary: hireme.expected_salary,
      city: view.locations[0]?.city.name ?? null, state: view.locations[0]?.state.name ?? null,
    } };
  }
  if (view.service) return { ...common, service: { description: view.service.description, price_min: view.service.price_min, price_max: view.service.price_max } };
  const buysell = view.buysell!;
  return { ...common, buysell: {
    type: buysell.type, condition: buysell.condition, brand: buysell.brand, method: buysell.method, qty: buysell.qty, description: buysell.description,
    price_min: buysell.price_min, op: view.op,
  } };
}
