import BusinessCenterRounded from '@mui/icons-material/BusinessCenterRounded';
import CategoryRounded from '@mui/icons-material/CategoryRounded';
import EnergySavingsLeafRounded from '@mui/icons-material/EnergySavingsLeafRounded';
import FlightRounded from '@mui/icons-material/FlightRounded';
import HealthAndSafetyRounded from '@mui/icons-material/HealthAndSafetyRounded';
import HowToVoteRounded from '@mui/icons-material/HowToVoteRounded';
import MemoryRounded from '@mui/icons-material/MemoryRounded';
import PlaceRounded from '@mui/icons-material/PlaceRounded';
import PublicRounded from '@mui/icons-material/PublicRounded';
import ScienceRounded from '@mui/icons-material/ScienceRounded';
import SportsSoccerRounded from '@mui/icons-material/SportsSoccerRounded';
import TheaterComedyRounded from '@mui/icons-material/TheaterComedyRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Category } from '@newsreel/contracts';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';

// Categories are data; the usual ones get a picture, any other the generic one.
const iconBySlug: Record<string, ReactElement> = {
  business: <BusinessCenterRounded />,
  climate: <EnergySavingsLeafRounded />,
  culture: <TheaterComedyRounded />,
  health: <HealthAndSafetyRounded />,
  local: <PlaceRounded />,
  politics: <HowToVoteRounded />,
  science: <ScienceRounded />,
  sport: <SportsSoccerRounded />,
  technology: <MemoryRounded />,
  travel: <FlightRounded />,
  world: <PublicRounded />,
};

export function CategoryIcon({ slug }: { slug: string }) {
  return (
    <Box
      aria-hidden
      sx={{
        display: 'grid',
        placeItems: 'center',
        width: 48,
        height: 48,
        flexShrink: 0,
        borderRadius: 2,
        bgcolor: 'rgba(255, 212, 0, 0.12)',
        color: 'primary.main',
      }}
    >
      {iconBySlug[slug] ?? <CategoryRounded />}
    </Box>
  );
}

/** A category as a card: its picture, name and what it covers. */
export function CategoryCard({ category }: { category: Category }) {
  return (
    <Card variant="outlined" data-category-id={category.id} sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={paths.category.href(category.id)} sx={{ height: '100%', p: 2, textAlign: 'start' }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <CategoryIcon slug={category.slug} />
          <Stack spacing={0.5} sx={{ minWidth: 0 }}>
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
              {category.name}
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
            >
              {category.description}
            </Typography>
          </Stack>
        </Stack>
      </CardActionArea>
    </Card>
  );
}

export function CategoryCardSkeleton() {
  return (
    <Card variant="outlined" aria-hidden sx={{ p: 2, height: '100%' }}>
      <Stack direction="row" spacing={2}>
        <Skeleton variant="rounded" width={48} height={48} sx={{ flexShrink: 0 }} />
        <Stack spacing={0.5} sx={{ flexGrow: 1 }}>
          <Skeleton variant="text" sx={{ fontSize: '1.25rem', width: '50%' }} />
          <Skeleton variant="text" />
          <Skeleton variant="text" sx={{ width: '80%' }} />
        </Stack>
      </Stack>
    </Card>
  );
}
