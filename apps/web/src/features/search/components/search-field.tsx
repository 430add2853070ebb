import type { FormEvent, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchRoundedIcon } from '../../../app/ui/icons';
import { SEARCH_QUERY_MAX_LENGTH } from '../lib/search-params';
import styles from './search-field.module.css';

/*
 * The suggestions' combobox (search-combobox.tsx) is drawn with MUI and styles its form and input
 * with these `sx` objects: they carry the values of the `form` and `input` classes of
 * search-field.module.css, so the combobox takes the plain field's place without a visible change.
 */

/** The form around the search field; the suggestion list is placed below it. */
/** The field's form and input classes, for the suggestions' combobox that takes its place. */
export const searchFieldClasses = { form: styles.form, input: styles.input };

/** The rounded field with its search icon; `children` is the input and what follows it. */
export function SearchPill({ children }: { children: ReactNode }) {
  return (
    <div className={styles.pill}>
      <SearchRoundedIcon className={styles.searchIcon} />
      {children}
    </div>
  );
}

/**
 * The search box as the first screen shows it, before the suggestions' code has loaded: the same
 * field, which submits to the results page. `onWanted` (pointer over it, focus, typing) is the
 * cue to load the combobox that takes its place.
 */
export function PlainSearchField({
  value,
  onValueChange,
  onSubmit,
  onWanted,
  inputRef,
}: {
  value: string;
  onValueChange: (value: string) => void;
  onSubmit: () => void;
  onWanted: (focused: boolean) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  return (
    <form
      role="search"
      aria-label={t('search.formLabel')}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
      onPointerEnter={() => onWanted(false)}
      className={styles.form}
    >
      <SearchPill>
        <input
          ref={inputRef}
          type="text"
          inputMode="search"
          enterKeyHint="search"
          role="combobox"
          aria-label={t('search.label')}
          aria-autocomplete="list"
          aria-expanded={false}
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          placeholder={t('search.placeholder')}
          value={value}
          onChange={(event) => {
            onValueChange(event.target.value.slice(0, SEARCH_QUERY_MAX_LENGTH));
            onWanted(true);
          }}
          onFocus={() => onWanted(true)}
          className={styles.input}
        />
      </SearchPill>
    </form>
  );
}
