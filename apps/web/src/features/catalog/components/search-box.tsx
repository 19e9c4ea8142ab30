import { msg, SUGGEST_MAX_LENGTH, type Suggestion } from '@marketplace/shared';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useI18n } from '../../../i18n/i18n-context';
import { useSuggestions } from '../api/get-suggestions';
import { useDebouncedValue } from '../hooks/use-debounced-value';

/** How long typing must pause before suggestions are asked for. */
export const SUGGEST_DELAY_MS = 200;

const KIND_LABELS: Record<Suggestion['kind'], string> = {
  category: msg('Category'),
  brand: msg('Brand'),
  product: msg('Product'),
};

/** Where a suggestion leads: its product page, its brand's page or its category's list. */
export function suggestionHref(suggestion: Suggestion): string {
  switch (suggestion.kind) {
    case 'product':
      return `/product/${suggestion.value}`;
    case 'brand':
      return `/store/${encodeURIComponent(suggestion.value)}`;
    case 'category':
      return `/products?category=${suggestion.value}`;
  }
}

export interface SearchBoxProps {
  /** Called after the box has sent the shopper somewhere (the compact menu closes). */
  onNavigate?: () => void;
}

/**
 * The navigation bar's keyword search (issue 13), an ARIA 1.2 combobox: the input owns a
 * listbox of suggestions; arrows move through them (focus stays in the input, the active one
 * is aria-activedescendant), Enter opens the active one or searches the text, Escape closes
 * the list and then clears the text.
 */
export function SearchBox({ onNavigate }: SearchBoxProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  // Words typed into the server-rendered box before it was hydrated are the shopper's: they are
  // kept (hydration leaves them in the input but not in state) and suggested for. The box is a
  // lazy section (decision 031): typing can come after React listens but before its code is
  // there, which React does not replay.
  useEffect(() => {
    const typedEarly = input.current?.value ?? '';
    if (!typedEarly) return;
    setText(typedEarly);
    setOpen(document.activeElement === input.current);
  }, []);
  const wanted = useDebouncedValue(text.trim().slice(0, SUGGEST_MAX_LENGTH), SUGGEST_DELAY_MS);
  const suggestions = useSuggestions(wanted);
  // Only what answers the text still in the box is offered (not a previous word's list).
  const options =
    wanted.length > 0 && wanted === text.trim().slice(0, SUGGEST_MAX_LENGTH)
      ? (suggestions.data ?? [])
      : [];
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  const go = (to: string, shown: string) => {
    setText(shown);
    setOpen(false);
    setActive(-1);
    onNavigate?.();
    void navigate(to);
  };

  const choose = (suggestion: Suggestion) =>
    go(suggestionHref(suggestion), suggestion.kind === 'product' ? '' : suggestion.label);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (expanded && active >= 0 && options[active]) return choose(options[active]);
    const keyword = text.trim();
    if (!keyword) return;
    go(`/products?${new URLSearchParams({ keyword })}`, keyword);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (!expanded) {
        setOpen(true);
        setActive(step === 1 ? 0 : options.length - 1);
        return;
      }
      // Past either end the input's own text is active again, then the list wraps round.
      setActive((current) => {
        const next = current + step;
        if (next < -1) return options.length - 1;
        return next >= options.length ? -1 : next;
      });
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (expanded) {
        setOpen(false);
        setActive(-1);
      } else {
        setText('');
      }
    }
  };

  return (
    <form role="search" className="search-box" onSubmit={submit}>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {t('Search products')}
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        type="text"
        className="search-box__input form-control form-control-sm"
        placeholder={t('Search')}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('Suggestions')}
        className="search-box__list"
        hidden={!expanded}
      >
        {options.map((suggestion, index) => (
          <li
            key={`${suggestion.kind}:${suggestion.value}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={`search-box__option${index === active ? ' is-active' : ''}`}
            // Keeps focus in the input, so the click lands before the list closes on blur.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(suggestion)}
          >
            <span className="search-box__label">
              {suggestion.kind === 'category' ? t(suggestion.label) : suggestion.label}
            </span>
            <span className="search-box__kind">{t(KIND_LABELS[suggestion.kind])}</span>
          </li>
        ))}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {expanded
          ? t('{count, plural, one {# suggestion} other {# suggestions}} available.', {
              count: options.length,
            })
          : ''}
      </p>
    </form>
  );
}
