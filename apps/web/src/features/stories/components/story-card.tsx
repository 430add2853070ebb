import ViewCarouselRounded from '@mui/icons-material/ViewCarouselRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Story } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatAge, formatCount } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { POSTER_RATIO } from '../../articles/components/article-card';

/** A story as a card: poster, title, how many articles it holds and how recent it is. Its title is an h3 under a section heading, an h2 straight under the page's. */
export function StoryCard({ story, priority, headingLevel = 'h3' }: { story: Story; priority?: boolean; headingLevel?: 'h2' | 'h3' }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <Card variant="outlined" data-story-id={story.id} sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={paths.story.href(story.id)}
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', height: '100%', textAlign: 'start' }}
      >
        <Box sx={{ position: 'relative', aspectRatio: POSTER_RATIO, bgcolor: 'grey.900', overflow: 'hidden' }}>
          {story.poster && (
            <Box
              component="img"
              src={story.poster}
              alt=""
              loading={priority ? 'eager' : 'lazy'}
              decoding="async"
              sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
            />
          )}
          <Box
            sx={{
              position: 'absolute',
              bottom: 6,
              insetInlineEnd: 6,
              display: 'inline-flex',
              alignItems: 'center',
              gap: 0.5,
              px: 0.75,
              borderRadius: 1,
              bgcolor: 'rgba(0,0,0,0.78)',
              color: 'common.white',
              typography: 'caption',
              fontWeight: 600,
            }}
          >
            <ViewCarouselRounded sx={{ fontSize: 14 }} aria-hidden />
            {t('stories.articleCount', { number: formatCount(story.articleCount, language) })}
          </Box>
        </Box>
        <Stack spacing={0.5} sx={{ p: 1.5, flexGrow: 1 }}>
          <Typography
            component={headingLevel}
            variant="subtitle1"
            sx={{ fontWeight: 700, lineHeight: 1.3, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {story.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatAge(story.publishedAt, language)}
          </Typography>
        </Stack>
      </CardActionArea>
    </Card>
  );
}

export function StoryCardSkeleton() {
  return (
    <Card variant="outlined" aria-hidden sx={{ height: '100%' }}>
      <Skeleton variant="rectangular" sx={{ aspectRatio: POSTER_RATIO, width: '100%', height: 'auto' }} />
      <Stack spacing={0.5} sx={{ p: 1.5 }}>
        <Skeleton variant="text" sx={{ fontSize: '1rem' }} />
        <Skeleton variant="text" sx={{ fontSize: '0.875rem', width: '40%' }} />
      </Stack>
    </Card>
  );
}
