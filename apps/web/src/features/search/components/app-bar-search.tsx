import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { loadEnglishSections } from '../../../app/lazy-page';
import { loadWithMuiTheme } from '../../../app/theme/mui-island';
import { IconButton } from '../../../app/ui/button';
import { classNames } from '../../../app/ui/class-names';
import { ArrowBackRoundedIcon, SearchRoundedIcon } from '../../../app/ui/icons';
import { paths } from '../../../lib/paths';
import { searchHref, searchStateOf } from '../lib/search-params';
import styles from './app-bar-search.module.css';
import type { SearchComboboxProps } from './search-combobox';
import { PlainSearchField } from './search-field';

let searchComboboxLoad: Promise<ComponentType<SearchComboboxProps>> | undefined;

/**
 * The suggestions (their list, keyboard handling and API call, drawn with MUI, and their strings)
 * load with MUI's theme when the reader comes to the field, not with the shell; until then a
 * plain field that submits to the results page stands in. Not React.lazy: the plain field stays mounted (and
 * focused) until the combobox is ready to take its place, and a failed download (offline, a new
 * release) leaves the plain field working instead of throwing into the page.
 */
function loadSearchCombobox() {
  searchComboboxLoad ??= loadWithMuiTheme(
    async () => (await Promise.all([import('./search-combobox'), loadEnglishSections(['searchResults'])]))[0].SearchCombobox,
  ).catch((error: unknown) => {
    // The next approach asks again.
    searchComboboxLoad = undefined;
    throw error;
  });
  return searchComboboxLoad;
}

/**
 * The search box of the app bar: a field growing in the middle of the bar on tablets and wider;
 * on phones a button that opens the field over the whole bar. On the results page the field
 * shows the words searched for.
 */
export function AppBarSearch() {
  const { t } = useTranslation();
  const fieldId = useId();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const searchedFor = pathname === paths.search.pattern ? searchStateOf(params).q : null;
  const [text, setText] = useState(searchedFor ?? '');
  const [shownQuery, setShownQuery] = useState(searchedFor);
  // A new search in the address (a link, back and forward) puts its words in the field.
  if (searchedFor !== shownQuery) {
    setShownQuery(searchedFor);
    if (searchedFor !== null) setText(searchedFor);
  }

  const navigate = useNavigate();
  const [Combobox, setCombobox] = useState<ComponentType<SearchComboboxProps> | null>(null);
  const [focusCombobox, setFocusCombobox] = useState(false);
  const wantCombobox = (focused: boolean) => {
    if (focused) setFocusCombobox(true);
    if (Combobox) return;
    loadSearchCombobox().then(
      (loaded) => setCombobox(() => loaded),
      // Offline or a new release: the plain field keeps working.
      () => undefined,
    );
  };

  const [phoneFieldOpen, setPhoneFieldOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const openButtonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (phoneFieldOpen) inputRef.current?.focus();
  }, [phoneFieldOpen]);
  const closePhoneField = ({ restoreFocus }: { restoreFocus: boolean }) => {
    setPhoneFieldOpen(false);
    if (restoreFocus) openButtonRef.current?.focus();
  };

  return (
    <div className={styles.search}>
      <IconButton
        ref={openButtonRef}
        color="inherit"
        aria-label={t('search.open')}
        aria-expanded={phoneFieldOpen}
        aria-controls={fieldId}
        onClick={() => setPhoneFieldOpen(true)}
        onPointerEnter={() => wantCombobox(false)}
        className={styles.openButton}
      >
        <SearchRoundedIcon />
      </IconButton>
      <div id={fieldId} className={classNames(styles.field, phoneFieldOpen && styles.phoneFieldOpen)}>
        <IconButton color="inherit" aria-label={t('search.close')} onClick={() => closePhoneField({ restoreFocus: true })} className={styles.closeButton}>
          <ArrowBackRoundedIcon className={styles.backArrow} />
        </IconButton>
        {Combobox ? (
          <Combobox
            value={text}
            onValueChange={setText}
            inputRef={inputRef}
            autoFocus={focusCombobox}
            onDone={() => closePhoneField({ restoreFocus: false })}
            onDismiss={() => closePhoneField({ restoreFocus: true })}
          />
        ) : (
          <PlainSearchField
            value={text}
            onValueChange={setText}
            inputRef={inputRef}
            onWanted={wantCombobox}
            onSubmit={() => {
              if (!text.trim()) return;
              // The search is done: a combobox arriving after this starts closed, not over the results.
              setFocusCombobox(false);
              void navigate(searchHref(text));
              closePhoneField({ restoreFocus: false });
            }}
          />
        )}
      </div>
    </div>
  );
}
