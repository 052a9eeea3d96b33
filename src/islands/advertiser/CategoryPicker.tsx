/**
 * The category picker (issue 40): an accessible combobox (downshift) to type and filter, grouped by parent category,
 * offering only the categories of the listing's own type; the chosen ones are removable chips with the plan's count
 * ("2 of 3"). Categories a listing already had past its plan stay until removed; adding stops at the limit.
 */
import { useCombobox, useMultipleSelection } from 'downshift';
import { useId, useMemo, useState } from 'react';
import type { ListingType } from '../../shared/constants.ts';
import type { CategoryChoice } from '../../shared/schemas/advertiser.ts';
import { FieldErrors } from './gate.tsx';
import * as m from '../../paraglide/messages.js';

export function CategoryPicker({ id, choices, type, chosen, setChosen, limit, errors }: {
  id: string; choices: CategoryChoice[]; type: ListingType; chosen: string[]; setChosen: (slugs: string[]) => void;
  limit?: { count: number; plan: string } | undefined; errors?: string[] | undefined;
}) {
  const hintId = useId();
  const [inputValue, setInputValue] = useState('');
  const offered = useMemo(() => choices.filter((choice) => choice.type === type), [choices, type]);
  const named = (slug: string) => offered.find((choice) => choice.slug === slug) ?? choices.find((choice) => choice.slug === slug);
  const full = limit !== undefined && chosen.length >= limit.count;
  const items = useMemo(() => {
    const words = inputValue.trim().toLowerCase().split(/\s+/).filter(Boolean);
    // A name in English, Malay or Chinese finds it ('katering', '餐饮' as well as 'catering').
    return offered.filter((choice) => !chosen.includes(choice.slug)
      && words.every((word) => `${choice.label} ${choice.group} ${choice.names.join(' ')}`.toLowerCase().includes(word))).slice(0, 60);
  }, [offered, chosen, inputValue]);

  const { getSelectedItemProps, getDropdownProps } = useMultipleSelection<string>({
    selectedItems: chosen,
    onStateChange({ selectedItems, type: change }) {
      if (change === useMultipleSelection.stateChangeTypes.SelectedItemKeyDownBackspace || change === useMultipleSelection.stateChangeTypes.SelectedItemKeyDownDelete
        || change === useMultipleSelection.stateChangeTypes.DropdownKeyDownBackspace || change === useMultipleSelection.stateChangeTypes.FunctionRemoveSelectedItem) {
        setChosen(selectedItems ?? []);
      }
    },
  });
  const { isOpen, getLabelProps, getMenuProps, getInputProps, getItemProps, highlightedIndex } = useCombobox<CategoryChoice>({
    // Nothing is highlighted until the arrow keys (or the pointer) choose: Enter picks only what was highlighted, never
    // the first match on its own (a catering ad once went under "Cafe" that way).
    items, inputValue, selectedItem: null,
    itemToString: (item) => item?.label ?? '',
    stateReducer(state, { changes, type: change }) {
      if ((change === useCombobox.stateChangeTypes.InputKeyDownEnter || change === useCombobox.stateChangeTypes.ItemClick) && changes.selectedItem) {
        // Picked: the list closes until the next word is typed.
        return { ...changes, isOpen: false, highlightedIndex: -1, inputValue: '' };
      }
      // Enter with nothing highlighted keeps what was typed, and the list.
      if (change === useCombobox.stateChangeTypes.InputKeyDownEnter) return { ...changes, inputValue: state.inputValue, isOpen: state.isOpen };
      return changes;
    },
    onStateChange({ inputValue: typed, type: change, selectedItem }) {
      if ((change === useCombobox.stateChangeTypes.InputKeyDownEnter || change === useCombobox.stateChangeTypes.ItemClick) && selectedItem && !full) {
        setChosen([...chosen, selectedItem.slug]);
        setInputValue('');
      } else if (change === useCombobox.stateChangeTypes.InputChange) setInputValue(typed ?? '');
    },
  });
  const remove = (slug: string) => setChosen(chosen.filter((item) => item !== slug));

  return (
    <div className="mt-3" data-testid={`${id}-picker`}>
      <label className="block font-semibold" {...getLabelProps()}>
        {m.adv_categories()}{limit && <span className="ml-2 text-sm font-normal text-gray-700" data-testid="category-count">{m.adv_chosen_of({ chosen: chosen.length, count: limit.count })}</span>}
      </label>
      <ul className="mt-1 flex flex-wrap gap-2" aria-label={m.adv_chosen_categories()}>
        {chosen.map((slug, index) => {
          const choice = named(slug);
          return (
            <li key={slug} className="flex items-center gap-1 rounded-full border border-gray-500 bg-gray-100 py-0.5 pl-3 pr-1 text-sm"
              {...getSelectedItemProps({ selectedItem: slug, index })}>
              <span>{choice ? `${choice.label}` : slug}{choice?.group ? <span className="text-gray-700"> · {choice.group}</span> : null}</span>
              <button type="button" className="min-h-6 min-w-6 rounded-full px-1 font-bold" aria-label={m.adv_remove_named({ name: choice?.label ?? slug })}
                onClick={(event) => { event.stopPropagation(); remove(slug); }}>×</button>
            </li>
          );
        })}
      </ul>
      <div className="relative">
        <input className="mt-1 w-full rounded border border-gray-400 px-3 py-2" placeholder={full ? '' : m.adv_type_to_find_category()} disabled={full}
          {...getInputProps({ ...getDropdownProps({ preventKeyAction: isOpen }), id: `${id}-input`,
            // Enter stays in the picker: it never submits the editor's form.
            onKeyDown: (event) => { if (event.key === 'Enter') event.preventDefault(); }, 'aria-describedby': [hintId, errors?.length ? `${id}-error` : ''].join(' ').trim(), 'aria-invalid': errors?.length ? true : undefined })} />
        <p id={hintId} className="text-sm text-gray-700">
          {full ? m.adv_plan_allows_categories({ plan: limit!.plan, count: limit!.count }) : m.adv_category_hint()}
        </p>
        <ul {...getMenuProps()} className={`absolute z-20 max-h-72 w-full overflow-y-auto rounded border border-gray-400 bg-white shadow ${isOpen && items.length > 0 ? '' : 'hidden'}`}>
          {isOpen && items.map((item, index) => (
            <li key={item.slug} className={`px-3 py-2 ${highlightedIndex === index ? 'bg-blue-100' : ''}`} {...getItemProps({ item, index })}>
              {(index === 0 || items[index - 1]!.group !== item.group) && <span className="block text-xs font-semibold uppercase text-gray-700" aria-hidden="true">{item.group}</span>}
              {item.label}{item.names.length > 0 && <span className="text-sm text-gray-700"> · {item.names.join(' · ')}</span>}<span className="sr-only">, {item.group}</span>
            </li>
          ))}
        </ul>
      </div>
      <FieldErrors id={id} errors={errors} />
    </div>
  );
}
