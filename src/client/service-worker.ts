/**
 * Registers the service worker (src/service-worker/sw.ts) once the page is idle, at most 30 s after load
 * (spec §9), so it never competes with first paint. A new version, once installed, takes over when
 * nobody is typing in a form, else when the page is left; the page then reloads into it (spec §4: an
 * available update reloads the page), never under someone's hands mid-form.
 */
const REGISTER_WITHIN_MS = 30_000;

/** Someone is filling in a form: a field has focus, or a modal dialog is open. */
function busy(): boolean {
  const active = document.activeElement;
  return (active instanceof HTMLElement && active.matches('input, textarea, select, [contenteditable]')) || document.querySelector('[aria-modal="true"]') !== null;
}

function takeOver(worker: ServiceWorker): void {
  const go = () => worker.postMessage({ type: 'SKIP_WAITING' });
  if (!busy()) go();
  else addEventListener('pagehide', go, { once: true });
}

function watchUpdates(registration: ServiceWorkerRegistration): void {
  if (registration.waiting && navigator.serviceWorker.controller) takeOver(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      // The first worker needs no reload; a new one replacing a running one does.
      if (installing.state === 'installed' && navigator.serviceWorker.controller) takeOver(installing);
    });
  });
  let reloading = false;
  const hadController = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return;
    reloading = true;
    location.reload();
  });
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(watchUpdates, (error: unknown) => console.warn('The service worker could not be registered', error));
  };
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(register, { timeout: REGISTER_WITHIN_MS }) : setTimeout(register, 2000));
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
