import { useEffect, useState } from 'react';

/**
 * False for an island's first render, true once it has mounted. An island whose first render reads a browser-only
 * store (the stored user, an open login modal, a toast) renders the server's state first and the store's after: a store
 * that changed before the island hydrated (a modal opened by an island that hydrated first) would otherwise make its
 * first render differ from the server's HTML (React's hydration error #418, issue 38).
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
