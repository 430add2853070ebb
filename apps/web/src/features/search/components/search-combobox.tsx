import CloseRounded from '@mui/icons-material/CloseRounded';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import NewspaperRounded from '@mui/icons-material/NewspaperRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import VideoLibraryOutlined from '@mui/icons-material/VideoLibraryOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SearchResponse } from '@newsreel/contracts';
import { useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDuration } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { useSearchSuggestions } from '../api/search';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { normalizeQuery, SEARCH_QUERY_MAX_LENGTH, searchHref, SUGGESTION_MIN_LENGTH } from '../lib/search-params';
import { highlightTerms, isolate, markedTerms, parseSnippet, type TextSegment } from '../lib/snippet';
import { HighlightedText } from './highlighted-text';
import { searchFieldClasses, SearchPill } from './search-field';

/** How long typing must pause before suggestions are asked for. */
export const SUGGESTION_DEBOUNCE_MS = 200;
/** Stories, publishers and categories suggested at most, each, after the articles. */
const OTHER_SUGGESTIONS = 2;

type SuggestionKind = 'article' | 'story' | 'publisher' | 'category' | 'all';

interface Suggestion {
  key: string;
  kind: SuggestionKind;
  href: string;
  title: TextSegment[];
  /** The language of the title, when known (article titles keep their own direction and voice). */
  lang?: string;
  detail: string;
  poster?: string | null;
}

const plain = (text: string): TextSegment[] => [{ text, marked: false }];

/** The suggestions of one answer, in the order the list shows them; "see all results" comes last. */
function suggestionsOf(
  answer: SearchResponse | undefined,
  q: string,
  t: (key: string, options?: Record<string, unknown>) => string,
  language: string,
): Suggestion[] {
  if (!answer) return [];
  const articles = answer.articles.items.map((hit): Suggestion => {
    const terms = markedTerms(parseSnippet(hit.snippet));
    return {
      key: `article-${hit.id}`,
      kind: 'article',
      href: paths.article.href(hit.id, { startAt: hit.quote?.start }),
      title: highlightTerms(hit.title, terms),
      lang: hit.language,
      // A line said later in the report is worth showing; one at 0:00 mostly repeats the headline.
      detail:
        hit.quote && hit.quote.start >= 1
          ? t('searchResults.suggestionQuote', { time: formatDuration(hit.quote.start, language), text: isolate(hit.quote.text) })
          : hit.publisher.name,
      poster: hit.poster,
    };
  });
  const stories = answer.stories.items.slice(0, OTHER_SUGGESTIONS).map(
    (story): Suggestion => ({ key: `story-${story.id}`, kind: 'story', href: paths.story.href(story.id), title: plain(story.title), detail: t('searchResults.kind.story') }),
  );
  const publishers = answer.publishers.items.slice(0, OTHER_SUGGESTIONS).map(
    (publisher): Suggestion => ({
      key: `publisher-${publisher.id}`,
      kind: 'publisher',
      href: paths.publisher.href(publisher.id),
      title: plain(publisher.name),
      detail: t('searchResults.kind.publisher'),
    }),
  );
  const categories = answer.categories.items.slice(0, OTHER_SUGGESTIONS).map(
    (category): Suggestion => ({
      key: `category-${category.id}`,
      kind: 'category',
      href: paths.category.href(category.id),
      title: plain(category.name),
      detail: t('searchResults.kind.category'),
    }),
  );
  const all: Suggestion = { key: 'all', kind: 'all', href: searchHref(q), title: plain(t('searchResults.seeAllResults', { q: isolate(q) })), detail: '' };
  return [...articles, ...stories, ...publishers, ...categories, all];
}

const kindIcons: Record<Exclude<SuggestionKind, 'article'>, ReactNode> = {
  story: <VideoLibraryOutlined aria-hidden />,
  publisher: <NewspaperRounded aria-hidden />,
  category: <LocalOfferOutlined aria-hidden />,
  all: <SearchRounded aria-hidden />,
};

function SuggestionMedia({ suggestion }: { suggestion: Suggestion }) {
  if (suggestion.kind !== 'article') {
    return (
      <Box sx={{ width: 64, height: 36, flexShrink: 0, display: 'grid', placeItems: 'center', color: 'primary.main' }}>
        {kindIcons[suggestion.kind]}
      </Box>
    );
  }
  return (
    <Box sx={{ position: 'relative', width: 64, aspectRatio: '16 / 9', flexShrink: 0, borderRadius: 0.75, overflow: 'hidden', bgcolor: 'grey.900' }}>
      {suggestion.poster && (
        <Box component="img" src={suggestion.poster} alt="" loading="lazy" decoding="async" sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }} />
      )}
    </Box>
  );
}

export interface SearchComboboxProps {
  value: string;
  onValueChange: (value: string) => void;
  /** After a suggestion or the results page was opened (the phone search field then closes). */
  onDone?: () => void;
  /** Escape on an empty, closed field (the phone search field then closes). */
  onDismiss?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Focus the field when it appears (it replaces the plain field the reader was already in). */
  autoFocus?: boolean;
}

/**
 * The search box: a combobox (WAI-ARIA pattern) that suggests articles, stories, publishers and
 * categories as the reader types. Arrow keys move through the suggestions, Enter opens the one
 * highlighted (or the results page for the words typed), Escape closes the list.
 */
export function SearchCombobox({ value, onValueChange, onDone, onDismiss, inputRef, autoFocus }: SearchComboboxProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const listboxId = `${id}-suggestions`;
  const [expanded, setExpanded] = useState(Boolean(autoFocus));
  const [activeIndex, setActiveIndex] = useState(-1);

  const typed = normalizeQuery(value);
  const settled = useDebouncedValue(typed, SUGGESTION_DEBOUNCE_MS);
  // Only while the reader is at the field: the words of a results page shown in it ask for nothing.
  const suggestionsQuery = useSearchSuggestions(settled, { enabled: expanded });
  const wanted = typed.length >= SUGGESTION_MIN_LENGTH;
  const suggestions = wanted
    ? suggestionsOf(suggestionsQuery.data, typed, t, i18n.resolvedLanguage ?? 'en')
    : [];
  const waiting = wanted && suggestions.length === 0 && (suggestionsQuery.isFetching || typed !== settled);
  const failed = wanted && suggestions.length === 0 && suggestionsQuery.isError && !waiting;
  const listShown = expanded && wanted && (suggestions.length > 0 || waiting || failed);
  const active = listShown ? suggestions[activeIndex] : undefined;
  const optionId = (index: number) => `${id}-option-${index}`;

  const close = () => {
    setExpanded(false);
    setActiveIndex(-1);
  };
  const open = (href: string) => {
    close();
    void navigate(href);
    onDone?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!listShown) {
          setExpanded(true);
          setActiveIndex(-1);
          return;
        }
        if (count === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex((index) => (index === -1 ? (step === 1 ? 0 : count - 1) : (index + step + count) % count));
        return;
      }
      case 'Enter':
        if (active) {
          event.preventDefault();
          open(active.href);
        }
        // Otherwise the form submits: the results page for the words typed.
        return;
      case 'Escape':
        event.preventDefault();
        if (listShown) close();
        else if (value) onValueChange('');
        else onDismiss?.();
        return;
      case 'Tab':
        close();
        return;
    }
  };

  return (
    <form
      role="search"
      aria-label={t('search.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        if (typed) open(searchHref(typed));
      }}
      className={searchFieldClasses.form}
    >
      <SearchPill>
        <input
          ref={inputRef}
          autoFocus={autoFocus}
          type="text"
          inputMode="search"
          enterKeyHint="search"
          role="combobox"
          aria-label={t('search.label')}
          aria-autocomplete="list"
          aria-expanded={listShown}
          aria-controls={listboxId}
          aria-activedescendant={active ? optionId(activeIndex) : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          placeholder={t('search.placeholder')}
          value={value}
          onChange={(event) => {
            onValueChange(event.target.value.slice(0, SEARCH_QUERY_MAX_LENGTH));
            setExpanded(true);
            setActiveIndex(-1);
          }}
          onFocus={() => setExpanded(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
          className={searchFieldClasses.input}
        />
        {value && (
          <IconButton
            size="small"
            aria-label={t('searchResults.clear')}
            // The field keeps focus, so the reader can type the next words at once.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              onValueChange('');
              close();
            }}
          >
            <CloseRounded fontSize="small" />
          </IconButton>
        )}
      </SearchPill>
      <Box role="status" sx={visuallyHidden}>
        {listShown && suggestions.length > 0 ? t('searchResults.suggestionCount', { number: suggestions.length }) : ''}
      </Box>
      <Paper
        elevation={8}
        hidden={!listShown}
        sx={{
          position: 'absolute',
          top: 'calc(100% + 6px)',
          insetInline: 0,
          minWidth: { sm: 360 },
          maxHeight: 'min(70vh, 560px)',
          overflowY: 'auto',
          zIndex: (theme) => theme.zIndex.modal,
          border: 1,
          borderColor: 'divider',
          '&[hidden]': { display: 'none' },
        }}
      >
        {/* Options are not focusable; pressing on them must not take focus from the field. */}
        <Box
          component="ul"
          role="listbox"
          id={listboxId}
          aria-label={t('searchResults.suggestionsLabel')}
          onMouseDown={(event) => event.preventDefault()}
          sx={{ listStyle: 'none', m: 0, py: 0.5, px: 0 }}
        >
          {suggestions.map((suggestion, index) => (
            <Box
              component={RouterLink}
              key={suggestion.key}
              to={suggestion.href}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              tabIndex={-1}
              data-kind={suggestion.kind}
              onMouseMove={() => setActiveIndex(index)}
              onClick={() => {
                close();
                onDone?.();
              }}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                px: 1.5,
                py: 0.75,
                color: 'text.primary',
                textDecoration: 'none',
                cursor: 'pointer',
                borderTop: suggestion.kind === 'all' ? 1 : 0,
                borderTopColor: 'divider',
                borderInlineStart: '3px solid transparent',
                '&[aria-selected="true"]': { bgcolor: 'action.selected', borderInlineStartColor: (theme) => theme.palette.primary.main },
              }}
            >
              <SuggestionMedia suggestion={suggestion} />
              <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                <Typography
                  variant="body2"
                  dir={suggestion.kind === 'all' ? undefined : 'auto'}
                  lang={suggestion.lang}
                  sx={{ fontWeight: suggestion.kind === 'all' ? 700 : 600, lineHeight: 1.3, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
                >
                  <HighlightedText segments={suggestion.title} />
                </Typography>
                {suggestion.detail && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                    {suggestion.detail}
                  </Typography>
                )}
              </Box>
            </Box>
          ))}
        </Box>
        {waiting && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
            {t('searchResults.searching')}
          </Typography>
        )}
        {failed && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
            {t('searchResults.suggestionsFailed')}
          </Typography>
        )}
      </Paper>
    </form>
  );
}
