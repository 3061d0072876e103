import { Check, ChevronDown } from 'lucide-react';
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '#web/lib/cn.ts';
import { comboboxKeyAction } from './combobox-keys.ts';

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second line that tells namesakes apart (an e-mail). */
  detail?: string;
}

/** A long list shows this many matches at once: 2,000 members render as quickly as 50 do. */
export const comboboxMaxShown = 50;

/**
 * Marks a field that handles Escape itself right now (a list to close, text to clear): the dialog around it leaves
 * that Escape alone (see DialogContent).
 */
export const takesEscapeAttribute = 'data-takes-escape';

/**
 * An editable combobox with a list popup (ARIA 1.2): type to narrow the options, Up/Down/Home/End to move, Enter to
 * choose, Escape to close the list or, closed, to clear the choice. The field shows the chosen option's label while
 * nothing is typed. `search` narrows the options (the caller's rule, such as people search); only the first
 * comboboxMaxShown matches are listed, with how many more there are.
 */
export function Combobox({
  id,
  options,
  search,
  value,
  onChange,
  placeholder,
  disabled,
  describedBy,
  countLabel,
  emptyText = 'No matches',
  clearedValue = null,
}: {
  /** The input's id, for its label's htmlFor. */
  id: string;
  options: readonly ComboboxOption[];
  search: (query: string) => readonly ComboboxOption[];
  /** The chosen option's value, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  placeholder?: string;
  disabled?: boolean;
  describedBy?: string;
  /** What the live region says of the matches ('3 members match'). */
  countLabel: (count: number) => string;
  emptyText?: string;
  /** What Escape clears the choice to: null, or an option that stands for none ('Myself'). */
  clearedValue?: string | null;
}) {
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  // null while the person is not typing: the field then shows the chosen option.
  const [query, setQuery] = useState<string | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const chosen = options.find((option) => option.value === value);
  const matches = query ? search(query) : options;
  const shown = matches.slice(0, comboboxMaxShown);
  const hiddenCount = matches.length - shown.length;
  const active = activeIndex < shown.length ? activeIndex : shown.length - 1;
  const selectedIndex = shown.findIndex((option) => option.value === value);
  const text = query ?? chosen?.label ?? '';
  // Something for Escape to clear: typed text, or a choice other than the cleared one.
  const hasValue = Boolean(query) || (value !== clearedValue && value !== null);

  useEffect(() => {
    if (!isOpen || active < 0) return;
    listRef.current?.querySelector(`#${CSS.escape(optionId(active))}`)?.scrollIntoView({ block: 'nearest' });
  });

  const close = () => {
    setIsOpen(false);
    setActiveIndex(-1);
    setQuery(null);
  };
  // After a choice the field's text is selected, so that typing looks for someone else instead of adding to it. It is
  // selected once the field shows the choice, in the commit itself: a frame later, a quick typist's first letters
  // were already added to the old text ("Myselfjose" finds nobody).
  const shouldSelectText = useRef(false);
  useLayoutEffect(() => {
    if (!shouldSelectText.current) return;
    shouldSelectText.current = false;
    inputRef.current?.select();
  });
  const selectTextSoon = () => {
    shouldSelectText.current = true;
  };
  const choose = (option: ComboboxOption) => {
    onChange(option.value);
    close();
    selectTextSoon();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const action = comboboxKeyAction({
      key: event.key,
      altKey: event.altKey,
      isOpen,
      activeIndex: active,
      count: shown.length,
      selectedIndex,
      hasValue,
    });
    if (!action) return;
    event.preventDefault();
    if (action.type === 'open') {
      setIsOpen(true);
      setActiveIndex(action.activeIndex);
    } else if (action.type === 'move') setActiveIndex(action.activeIndex);
    else if (action.type === 'select') {
      const option = shown[action.index];
      if (option) choose(option);
    } else if (action.type === 'close') {
      close();
      selectTextSoon();
    } else {
      onChange(clearedValue);
      close();
      selectTextSoon();
    }
  };

  return (
    <div className="relative">
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={isOpen && active >= 0 ? optionId(active) : undefined}
        aria-describedby={describedBy}
        {...{ [takesEscapeAttribute]: isOpen || hasValue ? 'true' : undefined }}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          // Typing: whatever was to be selected is being replaced already.
          shouldSelectText.current = false;
          setQuery(event.target.value);
          setIsOpen(true);
          // The first match is active as soon as one types (automatic selection): Enter takes it.
          setActiveIndex(event.target.value ? 0 : -1);
        }}
        onFocus={(event) => event.target.select()}
        onClick={() => setIsOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        className={cn(
          'h-10 w-full rounded-lg border border-slate-300 bg-white py-2 pr-9 pl-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-600',
          'focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-slate-100',
        )}
      />
      <ChevronDown className="pointer-events-none absolute top-3 right-3 size-4 text-slate-500" aria-hidden="true" />
      <div
        hidden={!isOpen}
        className="absolute z-10 mt-1 w-full overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
      >
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label="Matches"
          hidden={shown.length === 0}
          className="max-h-64 overflow-y-auto py-1"
        >
          {shown.map((option, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard chooses through the field (aria-activedescendant)
            <div
              key={option.value}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              // ARIA 1.2 (APG): the option aria-activedescendant points at is the selected one; the choice has the tick.
              aria-selected={index === active}
              // Keeps the focus in the field: the click chooses, and the blur does not close the list first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              className={cn(
                'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-slate-900',
                index === active && 'bg-brand-50 outline-2 outline-brand-500 -outline-offset-2',
              )}
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate">{option.label}</span>
                {option.detail && <span className="block truncate text-xs text-slate-600">{option.detail}</span>}
              </span>
              {option.value === value && <Check className="size-4 shrink-0 text-brand-700" aria-hidden="true" />}
            </div>
          ))}
        </div>
        {shown.length === 0 && <p className="px-3 py-2 text-sm text-slate-600">{emptyText}</p>}
        {hiddenCount > 0 && (
          <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-600">
            {hiddenCount.toLocaleString('en')} more, keep typing
          </p>
        )}
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {isOpen && query ? countLabel(matches.length) : ''}
      </p>
    </div>
  );
}
