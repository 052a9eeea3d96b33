/**
 * The facet store's helper thread (facet-store.ts `countShared`): it counts its share of a large count (half of each
 * run of slots) on the store's columns, which live in shared memory, while the calling thread counts the other half.
 * It writes its matching ids into `ids` (shared too) and sends back only the counts. It keeps nothing between tasks.
 */
import type { AttributeName } from '../../../shared/search-attributes.ts';
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
  /** The k matches nearest to the origin, when asked for (Near Me by distance). */
  nearest?: { origin: { gx: number; gy: number; gz: number }; k: number };
  /** The columns and the arrays of slots (shared memory) the runs read, by index. */
  columns: CountedColumns[];
  slots: (Uint32Array | null)[];
  /** Slots `from` to `to` of `slots[slots]` (of the columns themselves when null), as Tally.addSlots reads them. */
  runs: { columns: number; slots: number; from: number; to: number; near: boolean; cell: number }[];
}

function countShare(share: CountShare): TallyPart {
  const tally = new Tally(share.ids, share.maxCategory, share.maxState, share.facets, compile(share.filter), share.nearest);
  for (const run of share.runs) tally.addSlots(share.columns[run.columns]!, share.slots[run.slots]!, run.from, run.to, run.near, 0xffffffff, run.cell);
  return tally.part();
}

export default countShare;
