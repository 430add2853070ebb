import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Publisher } from '@newsreel/contracts';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { usePublisherColours } from '../hooks/use-publisher-colours';
import { PublisherLogo } from './publisher-logo';

const BAND_HEIGHT = 88;

/** A publisher as a card in its own colours: logo on its background, then name and description. */
export function PublisherCard({ publisher }: { publisher: Publisher }) {
  const colours = usePublisherColours(publisher);
  return (
    <Card variant="outlined" data-publisher-id={publisher.id} sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={paths.publisher.href(publisher.id)}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', textAlign: 'start' }}
      >
        <Box
          sx={{
            height: BAND_HEIGHT,
            bgcolor: colours.background,
            borderBottom: `4px solid ${colours.accent}`,
            display: 'flex',
            alignItems: 'center',
            px: 2,
          }}
        >
          <PublisherLogo publisher={publisher} colours={colours} size={52} />
        </Box>
        <Stack spacing={0.5} sx={{ p: 2, flexGrow: 1 }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {publisher.name}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {publisher.description}
          </Typography>
        </Stack>
      </CardActionArea>
    </Card>
  );
}

export function PublisherCardSkeleton() {
  return (
    <Card variant="outlined" aria-hidden sx={{ height: '100%' }}>
      <Skeleton variant="rectangular" height={BAND_HEIGHT + 4} />
      <Stack spacing={0.5} sx={{ p: 2 }}>
        <Skeleton variant="text" sx={{ fontSize: '1.25rem', width: '60%' }} />
        <Skeleton variant="text" />
        <Skeleton variant="text" sx={{ width: '80%' }} />
      </Stack>
    </Card>
  );
}
