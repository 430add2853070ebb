import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { searchHref, searchStateOf } from '../lib/search-params';
import type { SearchComboboxProps } from './search-combobox';
import { PlainSearchField } from './search-field';

// The suggestions (their list, keyboard handling and API call) load when the reader comes to the
// field, not with the shell; until then a plain field that submits to the results page stands in.
const loadSearchCombobox = () => import('./search-combobox');

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
      (module) => setCombobox(() => module.SearchCombobox),
      // Offline or a new release: the plain field keeps working; the next approach tries again.
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
    <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', justifyContent: { xs: 'flex-end', sm: 'center' } }}>
      <IconButton
        ref={openButtonRef}
        color="inherit"
        aria-label={t('search.open')}
        aria-expanded={phoneFieldOpen}
        aria-controls={fieldId}
        onClick={() => setPhoneFieldOpen(true)}
        onPointerEnter={() => wantCombobox(false)}
        sx={{ display: { sm: 'none' } }}
      >
        <SearchRounded />
      </IconButton>
      <Box
        id={fieldId}
        sx={{
          display: { xs: phoneFieldOpen ? 'flex' : 'none', sm: 'flex' },
          alignItems: 'center',
          gap: 0.5,
          // On phones the field covers the whole bar; the bar's own background hides what is under it.
          position: { xs: 'absolute', sm: 'static' },
          inset: { xs: 0 },
          zIndex: 1,
          px: { xs: 1, sm: 0 },
          bgcolor: { xs: 'background.paper', sm: 'transparent' },
          width: { sm: '100%' },
          maxWidth: { sm: 640, xxl: 960 },
        }}
      >
        <IconButton
          color="inherit"
          aria-label={t('search.close')}
          onClick={() => closePhoneField({ restoreFocus: true })}
          sx={{ display: { sm: 'none' }, '[dir="rtl"] & svg': { transform: 'scaleX(-1)' } }}
        >
          <ArrowBackRounded />
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
      </Box>
    </Box>
  );
}
