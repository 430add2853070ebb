import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useInfiniteScroll } from '../../../app/hooks/use-infinite-scroll';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { visuallyHidden } from '../../../lib/visually-hidden';

/**
 * Text for screen readers only. In MUI's sx a bare 1 means 100%, so the shared style's
 * `width: 1` would stretch the hidden box across the page and push it sideways; pixels keep it 1px.
 */
export const screenReaderOnly = { ...visuallyHidden, width: '1px', height: '1px' } as const;

/**
 * The frame the reader's browse pages share (home, stories, categories, publishers, playlists,
 * breaking, trending): one width from phones to 4K screens, a heading row, and the same
 * not-found and failure states.
 */
export function BrowsePage({ children, wide = true }: { children: ReactNode; wide?: boolean }) {
  return (
    <Container
      maxWidth={false}
      sx={{ maxWidth: wide ? { xs: '100%', lg: 1600, xxl: 3200 } : { xs: '100%', md: 960 }, py: { xs: 2.5, md: 4 } }}
    >
      {children}
    </Container>
  );
}

export interface PageHeadingProps {
  title: ReactNode;
  description?: ReactNode;
  /** A link above the heading back to the list this page belongs to. */
  back?: { href: string; label: string };
  /** Controls at the inline end of the heading row (e.g. the layout toggle). */
  actions?: ReactNode;
}

/** A link back to the list a page belongs to; its arrow points to the inline start. */
export function BackLink({ href, label }: { href: string; label: string }) {
  const BackIcon = useTheme().direction === 'rtl' ? ArrowForwardRounded : ArrowBackRounded;
  return (
    <Link
      component={RouterLink}
      to={href}
      variant="body2"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start', fontWeight: 600 }}
    >
      <BackIcon sx={{ fontSize: 18 }} aria-hidden />
      {label}
    </Link>
  );
}

export function PageHeading({ title, description, back, actions }: PageHeadingProps) {
  return (
    <Stack spacing={1} sx={{ mb: { xs: 2.5, md: 3.5 } }}>
      {back && <BackLink {...back} />}
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.6rem', md: '2.125rem', xxl: '3rem' }, minWidth: 0 }}>
          {title}
        </Typography>
        {actions}
      </Stack>
      {description && (
        <Typography color="text.secondary" sx={{ maxWidth: 880 }}>
          {description}
        </Typography>
      )}
    </Stack>
  );
}

/** The heading of a page's main list; `hidden` keeps it for screen readers only, where the page heading already says it. */
export function SectionHeading({ children, hidden }: { children: ReactNode; hidden?: boolean }) {
  return (
    <Typography component="h2" variant="h5" sx={hidden ? screenReaderOnly : { fontWeight: 700, mb: 2 }}>
      {children}
    </Typography>
  );
}

/** True for the API's "no such thing" answers: 404, and 400 for an id that cannot exist. */
export function isMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

/** An unknown or malformed id: say so, and offer the list it came from and the home page. */
export function ContentNotFound({ title, body, back }: { title: string; body: string; back: { href: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <BrowsePage wide={false}>
      <Stack spacing={2} sx={{ py: { xs: 4, md: 8 } }} data-testid="content-not-found">
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{body}</Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Button component={RouterLink} to={back.href} variant="contained">
            {back.label}
          </Button>
          <Link component={RouterLink} to={paths.home.href()}>
            {t('common.backHome')}
          </Link>
        </Stack>
      </Stack>
    </BrowsePage>
  );
}

/** A list or page that could not be loaded, with a retry. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/** What a list that loads page by page needs of its query (a react-query infinite query). */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The end of a list that loads page by page: the placeholders of the page on its way, the point
 * whose coming into view loads the next page, a "Load more" button for readers who do not scroll,
 * and a note when loading more failed.
 */
export function PagedListEnd({ list, loading, failed }: { list: PagedList; loading: ReactNode; failed?: ReactNode }) {
  const { t } = useTranslation();
  const sentinel = useInfiniteScroll<HTMLDivElement>(() => void list.fetchNextPage(), {
    enabled: list.hasNextPage && !list.isFetchingNextPage,
  });
  return (
    <>
      {list.isFetchingNextPage && loading}
      <div ref={sentinel} />
      {list.hasNextPage && !list.isFetchingNextPage && (
        <Box sx={{ textAlign: 'center' }}>
          <Button variant="outlined" onClick={() => void list.fetchNextPage()}>
            {t('feed.loadMore')}
          </Button>
        </Box>
      )}
      {list.isFetchNextPageError && (failed ?? <Alert severity="error">{t('feed.loadMoreFailed')}</Alert>)}
    </>
  );
}
