import type { ReactNode } from 'react';
import { isIndexable, searchHref, type SearchState } from '../../shared/search-params.ts';

interface SearchLinkProps {
  to: SearchState;
  children: ReactNode;
  className?: string;
  current?: boolean;
  label?: string;
  testId?: string;
}

/**
 * A real link to a search page: crawlers and browsers without JavaScript follow it, and the page's
 * navigation script (search-navigation.ts) turns it into an in-page update. Variants kept out of
 * the index carry rel="nofollow".
 */
export function SearchLink({ to, children, className, current, label, testId }: SearchLinkProps) {
  return (
    <a
      href={searchHref(to)}
      rel={isIndexable(to) ? undefined : 'nofollow'}
      aria-current={current ? 'true' : undefined}
      aria-label={label}
      data-testid={testId}
      className={className}
    >
      {children}
    </a>
  );
}
