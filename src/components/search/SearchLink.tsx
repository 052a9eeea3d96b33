import type { ReactNode } from 'react';
import { isIndexable, searchHref, type SearchState } from '../../shared/search-params.ts';

interface SearchLinkProps {
  to: SearchState;
  children: ReactNode;
  className?: string;
  current?: boolean;
  label?: string;
  testId?: string;
  /** Load the page in full rather than in place: the map view comes and goes so (issue 43), its island being on its pages only. */
  full?: boolean;
}

/**
 * A real link to a search page: crawlers and browsers without JavaScript follow it, and the page's
 * navigation script (search-navigation.ts) turns it into an in-page update. Variants kept out of
 * the index carry rel="nofollow". Links to and within the map view load in full (`target="_self"`).
 */
export function SearchLink({ to, children, className, current, label, testId, full }: SearchLinkProps) {
  return (
    <a
      href={searchHref(to)}
      rel={isIndexable(to) ? undefined : 'nofollow'}
      aria-current={current ? 'true' : undefined}
      aria-label={label}
      data-testid={testId}
      // search-navigation.ts leaves links with a target to the browser.
      target={full || to.view === 'map' ? '_self' : undefined}
      className={className}
    >
      {children}
    </a>
  );
}
