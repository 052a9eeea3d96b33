import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { loadCalls } from '../client/lazy-api.ts';
import { LISTING_TYPES, TIMERS, type ListingType } from '../shared/constants.ts';
import { localHref } from '../shared/i18n.ts';
import { isNearMe, NEAR_ME } from '../shared/near-me.ts';
import { searchHref } from '../shared/search-params.ts';
import { $recentLocations, $recentSearches, rememberLocation, rememberSearch } from '../stores/recent.ts';

/** Hidden on a phone until the form is focused or was used (the compact mobile header). */
const COLLAPSED = 'max-sm:hidden max-sm:group-focus-within:block max-sm:group-data-[expanded]:block';

/** The search's fixed texts in the page's language, given by the header (issue 42: no message code in the island). */
export interface HeaderSearchWords {
  label: string; what: string; whatPlaceholder: string; where: string; wherePlaceholder: string; category: string; submit: string;
  suggestions: string; locationSuggestions: string; groupSuggestions: string; groupRecent: string; groupPopular: string; groupLocations: string;
  groupNear: string; groupRecentLocations: string; groupSuggestedLocations: string;
  /** Each listing type's name in the category select. */
  types: Record<ListingType, string>;
}

interface HeaderSearchProps {
  popularSearches: string[];
  suggestedLocations: string[];
  initial: { what: string; where: string; cat: ListingType; ul: string };
  words: HeaderSearchWords;
}

interface Option {
  label: string;
  group: string;
  nearMe?: boolean;
}

function useSuggestions(text: string, fetcher: (query: string) => Promise<string[]>) {
  const [items, setItems] = useState<string[]>([]);
  useEffect(() => {
    if (text.trim().length === 0) return setItems([]);
    let cancelled = false;
    const timer = setTimeout(() => {
      fetcher(text.trim()).then((labels) => !cancelled && setItems(labels), (error: unknown) => console.warn('Suggestions failed', error));
    }, TIMERS.autocompleteDebounce);
    return () => { cancelled = true; clearTimeout(timer); };
  }, [text, fetcher]);
  return items;
}

const fetchWhat = (cat: ListingType) => async (query: string) =>
  (await (await loadCalls()).autocomplete({ query, type: cat })).data.map((item) => item.label);
const fetchWhere = async (query: string) =>
  (await (await loadCalls()).cityAutocomplete({ query })).data.map((item) => item.name);

/**
 * The header search: what, where and category, with suggestions (autocomplete, recent, popular,
 * Near Me). Without JavaScript it is a plain GET form to /search.
 */
export default function HeaderSearch({ popularSearches, suggestedLocations, initial, words }: HeaderSearchProps) {
  const [what, setWhat] = useState(initial.what);
  const [where, setWhere] = useState(initial.where);
  const [cat, setCat] = useState<ListingType>(initial.cat);
  const [ul, setUl] = useState(initial.ul);
  const [open, setOpen] = useState<'what' | 'where' | null>(null);
  // On a phone only the what field shows until the search is used (or focused before hydration).
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const recentSearches = useStore($recentSearches);
  const recentLocations = useStore($recentLocations);
  const [whatFetcher, setWhatFetcher] = useState(() => fetchWhat(initial.cat));
  useEffect(() => setWhatFetcher(() => fetchWhat(cat)), [cat]);
  const whatSuggestions = useSuggestions(open === 'what' ? what : '', whatFetcher);
  const whereSuggestions = useSuggestions(open === 'where' && !isNearMe(where) ? where : '', fetchWhere);
  const listId = useId();
  const form = useRef<HTMLFormElement>(null);

  const options: Option[] = open === 'what'
    ? (what.trim()
      ? whatSuggestions.map((label) => ({ label, group: words.groupSuggestions }))
      : [...recentSearches.map((label) => ({ label, group: words.groupRecent })), ...popularSearches.map((label) => ({ label, group: words.groupPopular }))])
    : open === 'where'
      ? (where.trim() && !isNearMe(where)
        ? whereSuggestions.map((label) => ({ label, group: words.groupLocations }))
        : [{ label: NEAR_ME, group: words.groupNear, nearMe: true },
          ...recentLocations.map((label) => ({ label, group: words.groupRecentLocations })),
          ...suggestedLocations.map((label) => ({ label, group: words.groupSuggestedLocations }))])
      : [];

  useEffect(() => setActive(-1), [open, what, where]);

  const go = (next: { what?: string; where?: string; ul?: string }) => {
    const term = (next.what ?? what).trim();
    const place = (next.where ?? where).trim();
    const position = isNearMe(place) ? next.ul ?? ul : '';
    rememberSearch(term);
    rememberLocation(place);
    setOpen(null);
    window.location.assign(searchHref({ cat, main: null, sub: null, params: { what: term || undefined, where: place || undefined, ul: position || undefined }, view: 'grid' }));
  };

  const pick = (option: Option) => {
    if (option.nearMe) {
      setWhere(NEAR_ME);
      setOpen(null);
      if (!('geolocation' in navigator)) return console.warn('Geolocation is not available.');
      navigator.geolocation.getCurrentPosition(
        (position) => setUl(`${position.coords.latitude.toFixed(5)},${position.coords.longitude.toFixed(5)}`),
        (error) => console.warn('Could not get the location:', error.message),
      );
      return;
    }
    if (open === 'what') go({ what: option.label });
    else { setWhere(option.label); setOpen(null); }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && options.length > 0) { event.preventDefault(); setActive((index) => (index + 1) % options.length); }
    else if (event.key === 'ArrowUp' && options.length > 0) { event.preventDefault(); setActive((index) => (index <= 0 ? options.length - 1 : index - 1)); }
    else if (event.key === 'Escape' && open) {
      // Closes the list; without preventDefault a search input would also clear what was typed.
      event.preventDefault();
      setOpen(null);
    }
    else if (event.key === 'Enter' && active >= 0 && options[active]) { event.preventDefault(); pick(options[active]); }
  };

  const field = (name: 'what' | 'where') => ({
    name,
    role: 'combobox',
    'aria-expanded': open === name && options.length > 0,
    'aria-controls': listId,
    'aria-autocomplete': 'list' as const,
    'aria-activedescendant': open === name && active >= 0 ? `${listId}-${active}` : undefined,
    autoComplete: 'off',
    // The API client starts loading as the field is focused, so the first suggestion does not wait for it.
    onFocus: () => { setOpen(name); setExpanded(true); void loadCalls(); },
    onKeyDown,
  });

  return (
    <form ref={form} action={localHref('/search')} method="get" role="search" aria-label={words.label} data-expanded={expanded || undefined}
      className="group relative flex-1 min-w-[16rem] flex flex-wrap gap-2"
      onSubmit={(event) => { event.preventDefault(); go({}); }}
      onBlur={(event) => { if (!form.current?.contains(event.relatedTarget as Node | null)) setOpen(null); }}>
      <input {...field('what')} type="text" enterKeyHint="search" value={what} onChange={(event) => setWhat(event.target.value)} placeholder={words.whatPlaceholder} aria-label={words.what} className="flex-1 min-w-40 rounded px-3 py-2 bg-white" />
      <input {...field('where')} type="text" enterKeyHint="search" value={where} onChange={(event) => { setWhere(event.target.value); setUl(''); }} placeholder={words.wherePlaceholder} aria-label={words.where} className={`w-40 rounded px-3 py-2 bg-white max-sm:flex-1 ${COLLAPSED}`} />
      <input type="hidden" name="ul" value={isNearMe(where) ? ul : ''} />
      <select name="cat" aria-label={words.category} value={cat} onChange={(event) => setCat(event.target.value as ListingType)} className={`rounded px-2 py-2 bg-white ${COLLAPSED}`}>
        {LISTING_TYPES.map((type) => <option key={type} value={type}>{words.types[type]}</option>)}
      </select>
      <button type="submit" className={`rounded bg-ink text-white px-4 py-2 font-semibold ${COLLAPSED}`}>{words.submit}</button>
      {open && options.length > 0 && (
        <ul id={listId} role="listbox" aria-label={open === 'what' ? words.suggestions : words.locationSuggestions}
          className={`absolute top-full mt-1 z-30 w-80 max-w-full rounded border border-gray-200 bg-white shadow-lg py-1 text-sm ${open === 'where' ? 'right-0 sm:right-auto sm:left-1/2' : 'left-0'}`}>
          {options.map((option, index) => (
            <li key={`${option.group}-${option.label}`} id={`${listId}-${index}`} role="option" aria-selected={index === active} tabIndex={-1}
              onMouseDown={(event) => { event.preventDefault(); pick(option); }}
              className={`px-3 py-1.5 cursor-pointer ${index === active ? 'bg-yellow-100' : 'hover:bg-gray-100'}`}>
              {(index === 0 || options[index - 1]!.group !== option.group) && <span className="block text-xs text-gray-700">{option.group}</span>}
              {option.label}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
