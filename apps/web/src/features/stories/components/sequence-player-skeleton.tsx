import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { ArticleCardSkeleton } from '../../articles/components/article-card';
import { PLAYER_RATIO } from '../../player/components/article-player';

/** The shape of ArticleSequencePlayer while its articles load, so nothing moves when they arrive. */
export function SequencePlayerSkeleton() {
  return (
    <Box
      aria-hidden
      sx={{
        display: 'grid',
        gap: { xs: 2, md: 3 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(320px, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Stack spacing={1.5}>
        <Skeleton variant="rectangular" sx={{ aspectRatio: PLAYER_RATIO, height: 'auto', borderRadius: { xs: 0, sm: 2 } }} />
        <Skeleton variant="text" sx={{ fontSize: '2.5rem' }} />
        <Skeleton variant="text" sx={{ fontSize: '1.5rem', width: '70%' }} />
      </Stack>
      <Stack spacing={1}>
        <Skeleton variant="text" sx={{ fontSize: '1.25rem', width: '40%' }} />
        {Array.from({ length: 4 }, (_, index) => (
          <ArticleCardSkeleton key={index} layout="row" />
        ))}
      </Stack>
    </Box>
  );
}
