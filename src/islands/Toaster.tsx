import { useStore } from '@nanostores/react';
import { TIMERS } from '../shared/constants.ts';
import { $toasts } from '../stores/toasts.ts';
import { useMounted } from './mounted.ts';

/** Renders the toasts at the top right; each fades during its last 200 ms. */
export default function Toaster() {
  // A toast shown before this island hydrated (a 401 while the page loads) appears once it has.
  const stored = useStore($toasts);
  const toasts = useMounted() ? stored : [];
  return (
    <div className="fixed right-0 top-5 z-[60] flex flex-col gap-2 pr-4" role="status" aria-live="polite" data-testid="toasts">
      {toasts.map((toast) => (
        <p key={toast.id} className={`rounded px-4 py-3 shadow-lg text-sm font-medium ${toast.kind === 'success' ? 'bg-green-800 text-white' : 'bg-yellow-300 text-ink'}`}
          style={{ animation: `toast-out ${TIMERS.toastFade}ms ease-in ${TIMERS.toast}ms forwards` }}>{toast.text}</p>
      ))}
    </div>
  );
}
