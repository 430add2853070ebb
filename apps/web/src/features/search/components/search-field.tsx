import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { FormEvent, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_QUERY_MAX_LENGTH } from '../lib/search-params';

/** The form around the search field; the suggestion list is placed below it. */
export const searchFormSx: SxProps<Theme> = { position: 'relative', flexGrow: 1, minWidth: 0 };

const pillSx: SxProps<Theme> = {
  display: 'flex',
  alignItems: 'center',
  gap: 0.5,
  height: 40,
  paddingInlineStart: 1.5,
  paddingInlineEnd: 0.5,
  borderRadius: 999,
  border: 1,
  borderColor: 'divider',
  bgcolor: 'rgba(255, 255, 255, 0.06)',
  transition: 'border-color 120ms, background-color 120ms',
  '&:hover': { borderColor: 'text.secondary' },
  // Two pixels of the brand yellow: the field's focus ring (the input itself draws none).
  '&:focus-within': { borderColor: 'primary.main', boxShadow: (theme) => `0 0 0 1px ${theme.palette.primary.main}`, bgcolor: 'rgba(255, 255, 255, 0.09)' },
};

export const searchInputSx: SxProps<Theme> = {
  flexGrow: 1,
  minWidth: 0,
  height: '100%',
  border: 0,
  outline: 0,
  bgcolor: 'transparent',
  color: 'text.primary',
  font: 'inherit',
  fontSize: '1rem',
  px: 0.5,
  // Prefixed by hand, as MUI's own inputs do: the app's stylis prefixer fails on a bare ::placeholder.
  '&::-webkit-input-placeholder': { color: 'text.secondary', opacity: 1 },
  '&::-moz-placeholder': { color: 'text.secondary', opacity: 1 },
};

/** The rounded field with its search icon; `children` is the input and what follows it. */
export function SearchPill({ children }: { children: ReactNode }) {
  return (
    <Box sx={pillSx}>
      <SearchRounded aria-hidden sx={{ color: 'text.secondary', fontSize: 22, flexShrink: 0 }} />
      {children}
    </Box>
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
    <Box
      component="form"
      role="search"
      aria-label={t('search.formLabel')}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
      onPointerEnter={() => onWanted(false)}
      sx={searchFormSx}
    >
      <SearchPill>
        <Box
          component="input"
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
          sx={searchInputSx}
        />
      </SearchPill>
    </Box>
  );
}
