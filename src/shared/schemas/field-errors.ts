/** Zod's issues as the 422 body's `errors` (spec §8): messages per form field. The API and the forms in the browser share it. */
import type { z } from 'zod';

/**
 * Lists whose items are forms of their own (a business's branches, its special days): an error inside an item is
 * reported on that item's field, `locations.1.postcode`, so the editor shows it under the right branch.
 */
const ITEM_FORMS = new Set(['locations', 'special_hours']);

export function issuesByField(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    // Messages belong to the form field, so an error deep in a list is reported on the list's field.
    const [list, index, field0] = issue.path;
    const field = issue.path.length >= 3 && ITEM_FORMS.has(String(list)) && typeof index === 'number' ? `${String(list)}.${index}.${String(field0)}`
      : issue.path.length > 0 ? String(issue.path[0]) : '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** A form's per-field messages under `schema`, or null when it passes (the browser's check before sending). */
export function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string[]> | null {
  const result = schema.safeParse(input);
  return result.success ? null : issuesByField(result.error.issues);
}
