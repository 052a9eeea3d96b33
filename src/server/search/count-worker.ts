/**
 * The facet store's helper thread (facet-store.ts `countShared`): it counts its share of a large count (half of each
 * run of slots) on the store's columns, which live in shared memory, while the calling thread counts the other half.
 * It writes its matching ids into `ids` (shared too) and sends back only the counts. It keeps nothing between tasks.
 */
import type { AttributeName } from '../../shared/search-attributes.ts';
import type { SearchFilter } from './filter.ts';
import { compile, Tally, type TallyPart } from './tally.ts';
import type { CountedColumns } from './type-columns.ts';

/** One share of a count: the runs of slots to count, and what the whole count counts. */
export interface CountShare {
  filter: SearchFilter;
  facets: readonly AttributeName[];
  maxCategory: number;
  maxState: number;
  /** Room for the share's matching ids (shared memory). */
  ids: Uint32Array;
  /** Slots `from` to `to` of `slots` (shared memory, ascending), or of the columns themselves when `slots` is null. */
  runs: { columns: CountedColumns; slots: Uint32Array | null; from: number; to: number }[];
}

export function countShare(share: CountShare): TallyPart {
  const tally = new Tally(share.ids, share.maxCategory, share.maxState, share.facets, compile(share.filter));
  for (const run of share.runs) tally.addSlots(run.columns, run.slots, run.from, run.to, true);
  return tally.part();
}

export default countShare;
