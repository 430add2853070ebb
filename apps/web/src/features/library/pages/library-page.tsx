import BookmarkBorderRounded from '@mui/icons-material/BookmarkBorderRounded';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import ThumbUpOffAltRounded from '@mui/icons-material/ThumbUpOffAltRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { useAppSelector } from '../../../app/state';
import { paths } from '../../../lib/paths';
import { useArticleList } from '../../articles/api/article-lists';
import { useLikedArticles } from '../api/get-liked-articles';
import { RemoveFromShelfButton } from '../components/remove-from-shelf-button';
import { ShelfArticles, type ShelfList } from '../components/shelf-articles';
import { LIBRARY_SHELVES, libraryShelfOf, type LibraryShelf } from '../shelves';

const shelfIcons: Record<LibraryShelf, ReactElement> = {
  saved: <BookmarkBorderRounded />,
  history: <HistoryRounded />,
  liked: <ThumbUpOffAltRounded />,
};

const tabId = (shelf: LibraryShelf) => `library-tab-${shelf}`;
const PANEL_ID = 'library-shelf';

/**
 * `/library/:shelf?`: the reader's Saved, History and Liked articles, one shelf per address
 * (`/library` is Saved): the signed-in user's, or else this browser's visitor's.
 */
export function LibraryPage() {
  const { t } = useTranslation();
  const { shelf: shelfParam } = useParams();
  const shelf = libraryShelfOf(shelfParam);
  // While a stored session is restored the reader is most likely signed in: no flash of the other note.
  const signedOut = useAppSelector((state) => state.authStatus === 'signedOut');
  if (!shelf) return <Navigate to={paths.library.href('saved')} replace />;

  return (
    <Container maxWidth={false} sx={{ maxWidth: { xs: '100%', lg: 1600, xxl: 3200 }, py: { xs: 3, md: 5 } }}>
      <Stack spacing={1} sx={{ mb: 3 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          {t('library.title')}
        </Typography>
        <Typography color="text.secondary">{signedOut ? t('library.deviceNote') : t('library.accountNote')}</Typography>
      </Stack>
      <Tabs
        value={shelf}
        aria-label={t('library.shelves')}
        variant="scrollable"
        scrollButtons={false}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {LIBRARY_SHELVES.map((each) => (
          <Tab
            key={each}
            value={each}
            id={tabId(each)}
            aria-controls={PANEL_ID}
            component={RouterLink}
            to={paths.library.href(each)}
            icon={shelfIcons[each]}
            iconPosition="start"
            label={t(`library.${each}.tab`)}
            // On phones the labels alone fit three tabs across in every language.
            sx={{ minHeight: 48, minWidth: { xs: 0, sm: 90 }, px: { xs: 1.5, sm: 2 }, '& .MuiTab-icon': { display: { xs: 'none', sm: 'inline-flex' } } }}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(shelf)}>
        {shelf === 'saved' && <SavedShelf />}
        {shelf === 'history' && <HistoryShelf />}
        {shelf === 'liked' && <LikedShelf />}
      </Box>
    </Container>
  );
}

function SavedShelf() {
  return <Shelf shelf="saved" list={useArticleList({ kind: 'saved' })} removal="save" />;
}

function HistoryShelf() {
  return <Shelf shelf="history" list={useArticleList({ kind: 'viewed' })} />;
}

function LikedShelf() {
  return <Shelf shelf="liked" list={useLikedArticles()} removal="like" />;
}

/** A shelf's heading, its cards (with a remove button where the reader can take them off) and its empty state. */
function Shelf({ shelf, list, removal }: { shelf: LibraryShelf; list: ShelfList; removal?: 'save' | 'like' }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <Stack spacing={2}>
      <Typography ref={heading} tabIndex={-1} variant="h6" component="h2" sx={{ fontWeight: 700, outline: 'none' }}>
        {t(`library.${shelf}.heading`)}
      </Typography>
      <ShelfArticles
        list={list}
        empty={<ShelfEmpty shelf={shelf} />}
        renderAction={
          removal
            ? (article, { hide, restore }) => (
                <RemoveFromShelfButton
                  article={article}
                  toggle={removal}
                  hide={hide}
                  restore={restore}
                  // The button leaves with its card; the shelf's heading is the nearest place to keep focus.
                  onRemoved={() => heading.current?.focus()}
                />
              )
            : undefined
        }
      />
    </Stack>
  );
}

function ShelfEmpty({ shelf }: { shelf: LibraryShelf }) {
  const { t } = useTranslation();
  return (
    <Stack
      spacing={1.5}
      sx={{ py: { xs: 6, md: 10 }, px: 2, alignItems: 'center', textAlign: 'center', border: 1, borderColor: 'divider', borderRadius: 2, borderStyle: 'dashed' }}
    >
      <Box aria-hidden sx={{ color: 'primary.main', '& svg': { fontSize: 48 } }}>
        {shelfIcons[shelf]}
      </Box>
      <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
        {t(`library.${shelf}.emptyTitle`)}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {t(`library.${shelf}.emptyBody`)}
      </Typography>
      <Button component={RouterLink} to={paths.home.href()} variant="contained" sx={{ mt: 1 }}>
        {t('library.browse')}
      </Button>
    </Stack>
  );
}
