import Bookmark from '@mui/icons-material/Bookmark';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import ThumbDown from '@mui/icons-material/ThumbDown';
import ThumbDownOutlined from '@mui/icons-material/ThumbDownOutlined';
import ThumbUp from '@mui/icons-material/ThumbUp';
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ArticleSummary } from '@newsreel/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { appActions, useAppDispatch } from '../../../app/state';
import { formatCount } from '../../../lib/format';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { useArticleToggle, useInteractions, type ArticleToggle } from '../api/interactions';

interface ToggleButtonSpec {
  toggle: ArticleToggle;
  label: string;
  pressed: boolean;
  count: number | undefined;
  icon: ReactNode;
}

/** Television screens are read from across the room. */
const tvSize = { fontSize: { xxl: '1.25rem' }, py: { xxl: 1 }, '& .MuiSvgIcon-root': { fontSize: { xxl: 30 } } } as const;

/** Like, dislike and save (each a pressed/not-pressed button with its count), and share. */
export function ArticleActions({ article }: { article: ArticleSummary }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dispatch = useAppDispatch();
  const interactions = useInteractions(article.id);
  const toggle = useArticleToggle(article.id);
  const counts = interactions.data ?? undefined;
  // Until the reader's own state is known, a press could undo what they did before.
  const waiting = interactions.isPending;

  const buttons: ToggleButtonSpec[] = [
    {
      toggle: 'like',
      label: t('article.like'),
      pressed: counts?.liked ?? false,
      count: counts?.likes,
      icon: counts?.liked ? <ThumbUp /> : <ThumbUpOutlined />,
    },
    {
      toggle: 'dislike',
      label: t('article.dislike'),
      pressed: counts?.disliked ?? false,
      count: counts?.dislikes,
      icon: counts?.disliked ? <ThumbDown /> : <ThumbDownOutlined />,
    },
    {
      toggle: 'save',
      label: t('article.save'),
      pressed: counts?.saved ?? false,
      count: counts?.saves,
      icon: counts?.saved ? <Bookmark /> : <BookmarkBorder />,
    },
  ];

  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      {buttons.map(({ toggle: which, label, pressed, count, icon }) => (
        <Button
          key={which}
          variant="outlined"
          color={pressed ? 'primary' : 'inherit'}
          aria-pressed={pressed}
          disabled={waiting}
          startIcon={<Box component="span" aria-hidden sx={{ display: 'inline-flex' }}>{icon}</Box>}
          onClick={() => toggle.mutate({ toggle: which, add: !pressed })}
          sx={{ ...tvSize, borderColor: pressed ? 'primary.main' : 'divider', minWidth: 0, px: 1.75 }}
        >
          {/* Like and dislike show their count by the icon; their names are read out before it. */}
          <Box component="span" sx={which === 'save' ? undefined : visuallyHidden}>
            {label}
          </Box>
          {' '}
          {/* Room for the count is kept while it loads, so the buttons do not move when it comes. */}
          <Box
            component="span"
            sx={{
              display: 'inline-block',
              minWidth: '2ch',
              textAlign: 'start',
              marginInlineStart: which === 'save' ? 0.75 : 0,
              opacity: which === 'save' ? 0.75 : 1,
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {count === undefined ? '' : formatCount(count, language)}
          </Box>
        </Button>
      ))}
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<ShareOutlined aria-hidden />}
        onClick={() => dispatch(appActions.setShareArticle(article))}
        sx={{ ...tvSize, borderColor: 'divider' }}
      >
        {t('article.share')}
      </Button>
    </Stack>
  );
}
