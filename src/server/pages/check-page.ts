/**
 * /pages/check (issue 64): a person checks a bank account, number or link before paying. The page answers as
 * `GET /api/safety/check` does (whether an operator confirmed the detail, never who reported it or where), under the
 * same limit of 30 checks an hour per client; without a value it is the plain form, cached like other public pages.
 */
import type { AppContext } from '../app-types.ts';
import { AppError } from '../errors.ts';
import { checkDetail, CheckRequestSchema } from '../safety/reported-details.ts';
import { pageText } from '../say-in.ts';

export interface CheckPage {
  value: string;
  /** The answer to a valid check. */
  result: Awaited<ReturnType<typeof checkDetail>> | null;
  /** Why the value cannot be checked, in the page's language. */
  error: string | null;
  /** Over the limit: the page's 429. */
  throttled: boolean;
  status: number;
}

export async function checkPage(app: AppContext, params: URLSearchParams, client: string): Promise<CheckPage> {
  const value = params.get('value');
  if (value === null) return { value: '', result: null, error: null, throttled: false, status: 200 };
  const parsed = CheckRequestSchema.safeParse({ value });
  if (!parsed.success) return { value, result: null, error: pageText(parsed.error.issues[0]!.message) ?? null, throttled: false, status: 422 };
  try {
    await app.limits.hit('safetyCheck', client);
  } catch (error) {
    if (error instanceof AppError && error.status === 429) return { value, result: null, error: null, throttled: true, status: 429 };
    throw error;
  }
  return { value, result: await checkDetail(app.repos, parsed.data.value), error: null, throttled: false, status: 200 };
}
