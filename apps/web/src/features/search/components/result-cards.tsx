import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import VideoLibraryOutlined from '@mui/icons-material/VideoLibraryOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Category, Publisher, Story } from '@newsreel/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatCount } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { visuallyHidden } from '../../../lib/visually-hidden';

const MEDIA_SIZE = 56;

const clamp = (lines: number) =>
  ({ display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }) as const;

/** One story, publisher or category found by search: a picture, its name and a line about it. */
function CompactResultCard({ href, media, title, description, extra }: { href: string; media: ReactNode; title: string; description: string; extra?: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={href}
        sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'flex-start', gap: 1.5, p: 1.5, height: '100%', textAlign: 'start' }}
      >
        {media}
        <Stack spacing={0.25} sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography component="h3" variant="subtitle1" dir="auto" sx={{ fontWeight: 700, lineHeight: 1.3, ...clamp(2) }}>
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" color="text.secondary" dir="auto" sx={clamp(2)}>
              {description}
            </Typography>
          )}
          {extra}
        </Stack>
      </CardActionArea>
    </Card>
  );
}

export function StoryResultCard({ story }: { story: Story }) {
  const { t, i18n } = useTranslation();
  return (
    <CompactResultCard
      href={paths.story.href(story.id)}
      title={story.title}
      description={story.description}
      media={
        <Box sx={{ position: 'relative', width: MEDIA_SIZE * 1.6, aspectRatio: '16 / 9', flexShrink: 0, borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.900' }}>
          {story.poster && (
            <Box component="img" src={story.poster} alt="" loading="lazy" decoding="async" sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }} />
          )}
        </Box>
      }
      extra={
        <Typography variant="caption" color="text.secondary" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <VideoLibraryOutlined aria-hidden sx={{ fontSize: 16 }} />
          <Box component="span" sx={visuallyHidden}>
            {t('searchResults.storyArticles')}
          </Box>
          {formatCount(story.articleCount, i18n.resolvedLanguage ?? 'en')}
        </Typography>
      }
    />
  );
}

/** Relative luminance of a #rgb / #rrggbb colour; undefined for any other notation. */
function luminanceOf(colour: string | undefined): number | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour ?? '')?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((offset) => {
    const channel = parseInt(full.slice(offset, offset + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The publisher's logo, or its initial on its brand colour (with black or white, whichever reads). */
function PublisherMark({ publisher }: { publisher: Publisher }) {
  const brand = publisher.branding.primaryColour;
  const luminance = luminanceOf(brand);
  return (
    <Avatar
      src={publisher.logoUrl ?? undefined}
      alt=""
      variant="rounded"
      sx={{
        width: MEDIA_SIZE,
        height: MEDIA_SIZE,
        fontWeight: 800,
        fontSize: '1.5rem',
        ...(luminance !== undefined ? { bgcolor: brand, color: luminance > 0.4 ? '#111' : '#fff' } : { bgcolor: 'grey.800', color: 'common.white' }),
      }}
    >
      <span aria-hidden>{publisher.name.trim().charAt(0).toUpperCase()}</span>
    </Avatar>
  );
}

export function PublisherResultCard({ publisher }: { publisher: Publisher }) {
  return (
    <CompactResultCard
      href={paths.publisher.href(publisher.id)}
      title={publisher.name}
      description={publisher.description}
      media={<PublisherMark publisher={publisher} />}
    />
  );
}

export function CategoryResultCard({ category }: { category: Category }) {
  return (
    <CompactResultCard
      href={paths.category.href(category.id)}
      title={category.name}
      description={category.description}
      media={
        <Avatar variant="rounded" sx={{ width: MEDIA_SIZE, height: MEDIA_SIZE, bgcolor: 'action.selected', color: 'primary.main' }}>
          <LocalOfferOutlined aria-hidden />
        </Avatar>
      }
    />
  );
}

/** A compact card's shape while results load. */
export function CompactResultCardSkeleton() {
  return (
    <Card variant="outlined" aria-hidden sx={{ display: 'flex', gap: 1.5, p: 1.5 }}>
      <Skeleton variant="rounded" width={MEDIA_SIZE} height={MEDIA_SIZE} sx={{ flexShrink: 0 }} />
      <Stack sx={{ flexGrow: 1 }}>
        <Skeleton variant="text" sx={{ fontSize: '1rem', width: '60%' }} />
        <Skeleton variant="text" sx={{ fontSize: '0.875rem' }} />
      </Stack>
    </Card>
  );
}
