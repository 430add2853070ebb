import SearchRounded from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { SEARCH_TYPES, type SearchResponse, type SearchType } from '@newsreel/contracts';
import type { InfiniteData } from '@tanstack/react-query';
import { useId, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useInfiniteScroll } from '../../../app/hooks/use-infinite-scroll';
import { ArticleCardSkeleton } from '../../articles/components/article-card';
import { LoadFailed } from '../../home/components/browse-page';
import { formatCount } from '../../../lib/format';
import { useSearchResults, type SearchListKind } from '../api/search';
import { ArticleHitCard } from '../components/article-hit-card';
import { useTrackSearch } from '../hooks/use-track-search';
import {
  CategoryResultCard,
  CompactResultCardSkeleton,
  PublisherResultCard,
  StoryResultCard,
} from '../components/result-cards';
import { quotedInHeading, searchHref, searchStateOf } from '../lib/search-params';
import { isolate } from '../lib/snippet';

/** Stories, publishers and categories shown on the "All" tab before a link to their own tab. */
const ALL_TAB_PREVIEW = 3;

type SearchLists = { [Kind in SearchListKind]: SearchResponse[Kind]['items'] };

/** Every item of one list over the pages read so far, once each (pages can shift while reading). */
function listOf<Kind extends SearchListKind>(data: InfiniteData<SearchResponse> | undefined, kind: Kind): SearchLists[Kind] {
  const seen = new Set<string>();
  const items: { id: string }[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page[kind].items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items as SearchLists[Kind];
}

const articleColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', xxl: 'repeat(2, minmax(0, 1fr))' },
  listStyle: 'none',
  p: 0,
  m: 0,
} as const;

const compactColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr)',
    sm: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(3, minmax(0, 1fr))',
    xxl: 'repeat(4, minmax(0, 1fr))',
  },
  listStyle: 'none',
  p: 0,
  m: 0,
} as const;

/**
 * Cards of the side column: one above the other beside the articles, two abreast on tablets, and
 * a row to swipe on phones (when there is more than one), so the articles are not pushed far down.
 */
function sideColumns(count: number) {
  // A card takes the column's whole width: in the 3 or 4 columns of a tab it had a third of it,
  // too narrow for the name beside the logo.
  const stacked = { ...compactColumns, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'minmax(0, 1fr)' } };
  if (count < 2) return stacked;
  return {
    ...stacked,
    gridTemplateColumns: { ...stacked.gridTemplateColumns, xs: 'none' },
    gridAutoFlow: { xs: 'column', sm: 'row' },
    gridAutoColumns: { xs: 'min(85%, 320px)', sm: 'auto' },
    overflowX: { xs: 'auto', sm: 'visible' },
    scrollSnapType: { xs: 'x mandatory', sm: 'none' },
    '& > li': { scrollSnapAlign: 'start' },
  } as const;
}

/** `/search?q=&type=`: results for the words in the address, by type. */
export function SearchPage() {
  const [params] = useSearchParams();
  const { q, type } = searchStateOf(params);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 }, maxWidth: { xxl: 2200 } }}>
      {q ? <SearchResults q={q} type={type} /> : <SearchPrompt />}
    </Container>
  );
}

function SearchPrompt() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ py: { xs: 4, md: 8 }, alignItems: 'center', textAlign: 'center' }}>
      <SearchRounded aria-hidden sx={{ fontSize: 56, color: 'primary.main' }} />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        {t('searchResults.promptTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: '52ch' }}>
        {t('searchResults.promptBody')}
      </Typography>
    </Stack>
  );
}

function SearchResults({ q, type }: { q: string; type: SearchType }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const tabsId = useId();
  useTrackSearch(q, type);
  // "All" and "Articles" read one list; its first page carries every list's total for the tabs.
  const overview = useSearchResults(q, 'all');
  const firstPage = overview.data?.pages[0];
  const totalOf = (kind: SearchListKind) => firstPage?.[kind].total;

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
        {t('searchResults.resultsFor', { q: isolate(quotedInHeading(q)) })}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={type}
          variant="scrollable"
          scrollButtons="auto"
          aria-label={t('searchResults.typesLabel')}
        >
          {SEARCH_TYPES.map((kind) => {
            const total = kind === 'all' ? undefined : totalOf(kind);
            return (
              <Tab
                key={kind}
                value={kind}
                id={`${tabsId}-${kind}`}
                aria-controls={`${tabsId}-panel`}
                component={RouterLink}
                to={searchHref(q, kind)}
                label={
                  <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'baseline' }}>
                    <span>{t(`searchResults.types.${kind}`)}</span>
                    {total !== undefined && (
                      <Box component="span" sx={{ typography: 'caption', fontWeight: 700, color: 'text.secondary' }}>
                        {formatCount(total, language)}
                      </Box>
                    )}
                  </Box>
                }
              />
            );
          })}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${type}`}>
        {type === 'all' || type === 'articles' ? (
          <OverviewPanel q={q} type={type} overview={overview} />
        ) : (
          <ListPanel q={q} kind={type} />
        )}
      </Box>
    </Stack>
  );
}

type ResultsQuery = ReturnType<typeof useSearchResults>;

function NothingFound({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} sx={{ py: 6, alignItems: 'center', textAlign: 'center' }}>
      <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
      <Typography color="text.secondary">{t('searchResults.noResultsHint')}</Typography>
    </Stack>
  );
}

function ResultsSkeleton({ compact }: { compact?: boolean }) {
  return (
    <Box role="status" aria-busy="true">
      <Box component="ul" sx={compact ? compactColumns : articleColumns}>
        {Array.from({ length: compact ? 6 : 4 }, (_, index) => (
          <li key={index}>{compact ? <CompactResultCardSkeleton /> : <ArticleCardSkeleton layout="row" />}</li>
        ))}
      </Box>
    </Box>
  );
}

function SectionHeading({ id, children, total }: { id: string; children: ReactNode; total: number }) {
  const { i18n } = useTranslation();
  return (
    <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5, display: 'flex', gap: 1, alignItems: 'baseline' }}>
      <span id={id}>{children}</span>
      <Box component="span" sx={{ typography: 'body2', color: 'text.secondary' }}>
        {formatCount(total, i18n.resolvedLanguage ?? 'en')}
      </Box>
    </Typography>
  );
}

/** The cards of a story, publisher or category list. */
function compactCards(kind: Exclude<SearchListKind, 'articles'>, data: InfiniteData<SearchResponse> | undefined): ReactElement[] {
  switch (kind) {
    case 'stories':
      return listOf(data, 'stories').map((story) => <StoryResultCard key={story.id} story={story} />);
    case 'publishers':
      return listOf(data, 'publishers').map((publisher) => <PublisherResultCard key={publisher.id} publisher={publisher} />);
    case 'categories':
      return listOf(data, 'categories').map((category) => <CategoryResultCard key={category.id} category={category} />);
  }
}

/** Loads the next 30 as the end of the list nears; "Load more" does the same for keyboards and readers. */
function MoreResults({ query, compact }: { query: ResultsQuery; compact?: boolean }) {
  const { t } = useTranslation();
  const sentinel = useInfiniteScroll<HTMLDivElement>(() => void query.fetchNextPage(), {
    enabled: query.hasNextPage && !query.isFetchingNextPage && !query.isFetchNextPageError,
  });
  return (
    <>
      {query.isFetchingNextPage && <ResultsSkeleton compact={compact} />}
      <div ref={sentinel} />
      {query.isFetchNextPageError && <Alert severity="error">{t('searchResults.loadMoreFailed')}</Alert>}
      {query.hasNextPage && !query.isFetchingNextPage && (
        <Box sx={{ textAlign: 'center' }}>
          <Button variant="outlined" onClick={() => void query.fetchNextPage()}>
            {t('searchResults.loadMore')}
          </Button>
        </Box>
      )}
    </>
  );
}

/** "All": a few matching stories, publishers and categories, then every matching article. "Articles": the articles. */
function OverviewPanel({ q, type, overview }: { q: string; type: 'all' | 'articles'; overview: ResultsQuery }) {
  const { t } = useTranslation();
  const sectionId = useId();
  if (overview.isPending) {
    return <ResultsSkeleton />;
  }
  if (overview.isError && !overview.data) {
    return <LoadFailed message={t('searchResults.loadFailed')} onRetry={() => void overview.refetch()} />;
  }
  const first = overview.data.pages[0];
  const others = (['stories', 'publishers', 'categories'] as const).filter((kind) => (first?.[kind].total ?? 0) > 0);
  const articleTotal = first?.articles.total ?? 0;
  if (type === 'all' && articleTotal === 0 && others.length === 0) {
    return <NothingFound>{t('searchResults.noResults', { q: isolate(q) })}</NothingFound>;
  }
  if (type === 'articles' && articleTotal === 0) {
    return <NothingFound>{t('searchResults.none.articles', { q: isolate(q) })}</NothingFound>;
  }
  const entities = type === 'all' ? others : [];
  // Beside the articles on wider screens, the few matching stories, publishers and categories
  // make a side column; they come first in reading order, and first on phones.
  const sideColumn = entities.length > 0 && articleTotal > 0;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 4,
        alignItems: 'start',
        gridTemplateColumns: sideColumn
          ? { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px', xxl: 'minmax(0, 1fr) 440px' }
          : 'minmax(0, 1fr)',
      }}
    >
      {entities.length > 0 && (
        <Stack spacing={4} sx={{ gridColumn: { md: sideColumn ? 2 : 1 }, gridRow: { md: 1 } }}>
          {entities.map((kind) => {
            const total = first?.[kind].total ?? 0;
            const headingId = `${sectionId}-${kind}`;
            const cards = compactCards(kind, overview.data).slice(0, ALL_TAB_PREVIEW);
            return (
              <Box component="section" key={kind} aria-labelledby={headingId}>
                <SectionHeading id={headingId} total={total}>
                  {t(`searchResults.types.${kind}`)}
                </SectionHeading>
                <Box component="ul" sx={sideColumn ? sideColumns(cards.length) : compactColumns}>
                  {cards.map((card) => (
                    <li key={card.key}>{card}</li>
                  ))}
                </Box>
                {total > ALL_TAB_PREVIEW && (
                  <Link component={RouterLink} to={searchHref(q, kind)} sx={{ display: 'inline-block', mt: 1.5 }}>
                    {t(`searchResults.seeAll.${kind}`)}
                  </Link>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
      {articleTotal > 0 && (
        <Box component="section" aria-labelledby={`${sectionId}-articles`} sx={{ gridColumn: { md: 1 }, gridRow: { md: 1 } }}>
          <SectionHeading id={`${sectionId}-articles`} total={articleTotal}>
            {t('searchResults.types.articles')}
          </SectionHeading>
          <ArticleHits query={overview} />
        </Box>
      )}
    </Box>
  );
}

/** The matching articles, 30 at a time. */
function ArticleHits({ query }: { query: ResultsQuery }) {
  const hits = listOf(query.data, 'articles');
  return (
    <Stack spacing={2}>
      <Box component="ul" sx={articleColumns}>
        {hits.map((hit, index) => (
          <li key={hit.id}>
            <ArticleHitCard hit={hit} priority={index < 2} />
          </li>
        ))}
      </Box>
      <MoreResults query={query} />
    </Stack>
  );
}

/** One of stories, publishers or categories, in full. */
function ListPanel({ q, kind }: { q: string; kind: Exclude<SearchListKind, 'articles'> }) {
  const { t } = useTranslation();
  const query = useSearchResults(q, kind);
  if (query.isPending) return <ResultsSkeleton compact />;
  if (query.isError && !query.data) return <LoadFailed message={t('searchResults.loadFailed')} onRetry={() => void query.refetch()} />;
  const cards = compactCards(kind, query.data);
  if (cards.length === 0) {
    return <NothingFound>{t(`searchResults.none.${kind}`, { q: isolate(q) })}</NothingFound>;
  }
  return (
    <Stack spacing={2}>
      <Box component="ul" sx={compactColumns}>
        {cards.map((card) => (
          <li key={card.key}>{card}</li>
        ))}
      </Box>
      <MoreResults query={query} compact />
    </Stack>
  );
}
