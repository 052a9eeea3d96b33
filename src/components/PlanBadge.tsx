import type { Plan } from '../shared/constants.ts';

const COLOURS: Record<Plan, string> = {
  FREE: '',
  BRONZE: 'bg-amber-800 text-white',
  SILVER: 'bg-gray-600 text-white',
  GOLD: 'bg-yellow-400 text-ink',
};

/** The plan badge, shown for paying plans only. */
export function PlanBadge({ plan }: { plan: Plan }) {
  if (plan === 'FREE') return null;
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-bold ${COLOURS[plan]}`}>{plan}</span>;
}
