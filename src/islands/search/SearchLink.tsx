import type { ReactNode } from 'react';
import { isIndexable, searchHref, type SearchState } from '../../shared/search-params.ts';

interface SearchLinkProps {
  to: SearchState;
  onNavigate: (state: SearchState) => void;
  children: ReactNode;
  className?: string;
  current?: boolean;
  label?: string;
  testId?: string;
}

/**
 * A real link to a search page (crawlers and no-JS browsers follow it) that the island turns into
 * an in-page update. Variants kept out of the index carry rel="nofollow".
 */
export function SearchLink({ to, onNavigate, children, className, current, label, testId }: SearchLinkProps) {
  return (
    <a
      href={searchHref(to)}
      rel={isIndexable(to) ? undefined : 'nofollow'}
      aria-current={current ? 'true' : undefined}
      aria-label={label}
      data-testid={testId}
      className={className}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onNavigate(to);
      }}
    >
      {children}
    </a>
  );
}
