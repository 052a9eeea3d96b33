import type { ReactNode } from 'react';

/** A filter dropdown that works without JavaScript: a <details> holding a list of links. */
export function Dropdown({ label, value, children, testId }: { label: string; value: string; children: ReactNode; testId?: string }) {
  return (
    <details className="relative group" data-testid={testId}>
      <summary className="list-none cursor-pointer rounded border border-gray-300 bg-white px-3 py-2 text-sm hover:border-gray-500">
        <span className="text-gray-700">{label}:</span> <span className="font-semibold">{value}</span> ▾
      </summary>
      <ul className="absolute z-20 mt-1 min-w-48 max-h-80 overflow-y-auto rounded border border-gray-200 bg-white shadow-lg py-1 text-sm">
        {children}
      </ul>
    </details>
  );
}

export const OPTION_CLASS = 'block px-3 py-1.5 hover:bg-gray-100 aria-[current=true]:font-bold aria-[current=true]:bg-yellow-50';
