import type { SuggestAnswer } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { imageUrl } from '../lib/image';
import { storeQueries } from './api';
import { useCategoryUrl } from './category-paths';
import { Icon } from './icons';

const DEBOUNCE_MS = 250;

interface Option {
  key: string;
  to: string;
  label: string;
  kind: 'product' | 'category';
  thumbnail: string | null;
}

function optionsOf(answer: SuggestAnswer | undefined, categoryUrl: (slug: string) => string): Option[] {
  if (!answer) return [];
  return [
    ...answer.products.map((product) => ({
      key: `p${product.id}`,
      to: `/product/${product.slug}`,
      label: product.name,
      kind: 'product' as const,
      thumbnail: product.thumbnail,
    })),
    ...answer.categories.map((category) => ({
      key: `c${category.id}`,
      to: categoryUrl(category.slug),
      label: category.name,
      kind: 'category' as const,
      thumbnail: null,
    })),
  ];
}

/**
 * The header's search: a combobox (ARIA 1.2) whose suggestions come from `/_public/search/suggest`
 * as the shopper types (debounced); arrows move through them, Enter opens one or searches, Escape closes.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [text, setText] = useState(location.pathname === '/search' ? (params.get('q') ?? '') : '');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const id = useId();
  const listId = `${id}-list`;

  useEffect(() => {
    const timer = window.setTimeout(() => setTerm(text.trim()), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  // A new page closes the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every move between pages
  useEffect(() => {
    setOpen(false);
    setActive(-1);
  }, [location.pathname, location.search]);

  const suggest = useQuery({ ...storeQueries.suggest(term), enabled: term.length >= 2, placeholderData: (previous) => previous });
  const categoryUrl = useCategoryUrl();
  const options = term.length >= 2 ? optionsOf(suggest.data, categoryUrl) : [];
  const expanded = open && options.length > 0;

  const go = (to: string) => {
    setOpen(false);
    navigate(to);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = expanded && active >= 0 ? options[active] : undefined;
    if (chosen) return go(chosen.to);
    const q = text.trim();
    if (q) go(`/search?q=${encodeURIComponent(q)}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!options.length) return;
      event.preventDefault();
      setOpen(true);
      // Positions run from -1 (the typed text) through the last option, and wrap.
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => ((Math.min(current, options.length - 1) + step + 1 + options.length + 1) % (options.length + 1)) - 1);
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else setText('');
    }
  };

  const activeIndex = active < options.length ? active : -1;

  return (
    <search className="s-search">
      <form onSubmit={submit}>
        <label htmlFor={`${id}-input`} className="s-visually-hidden">
          {t('store.searchLabel')}
        </label>
        {/* The ARIA 1.2 combobox: a text input that owns a list of suggestions. */}
        <input
          id={`${id}-input`}
          type="search"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && activeIndex >= 0 ? `${id}-${activeIndex}` : undefined}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t('store.searchPlaceholder')}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => window.setTimeout(() => setOpen(false), 150)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" aria-label={t('store.search')}>
          <Icon name="search" />
        </button>
      </form>
      <div id={listId} role="listbox" aria-label={t('store.suggestions')} className="s-suggest" hidden={!expanded}>
        {expanded &&
          options.map((option, index) => (
            // Options are chosen with the pointer here and with the keyboard through the input (combobox pattern):
            // focus stays in the input, which points at the active option with aria-activedescendant.
            // biome-ignore lint/a11y/useKeyWithClickEvents: see above
            // biome-ignore lint/a11y/useFocusableInteractive: see above
            <div
              key={option.key}
              id={`${id}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(option.to)}
            >
              {option.kind === 'product' && option.thumbnail && (
                <img src={imageUrl(option.thumbnail) ?? ''} alt="" width={40} height={40} />
              )}
              <span>{option.label}</span>
              <span className="s-suggest-kind">{t(option.kind === 'product' ? 'store.product' : 'store.category')}</span>
            </div>
          ))}
      </div>
    </search>
  );
}
