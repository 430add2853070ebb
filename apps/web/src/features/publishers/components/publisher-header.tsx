import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Publisher } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { screenReaderOnly } from '../../home/components/browse-page';
import { usePublisherColours } from '../hooks/use-publisher-colours';
import { PublisherLogo } from './publisher-logo';

const HEADER_MIN_HEIGHT = { xs: 168, md: 184 };

/** Only http(s) addresses become links; anything else in the record is left out. */
function safeWebsite(website: string | null): string | undefined {
  if (!website) return undefined;
  try {
    const url = new URL(website);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The publisher's page header, in its branding colours with text chosen to stay readable. */
export function PublisherHeader({ publisher }: { publisher: Publisher }) {
  const { t } = useTranslation();
  const colours = usePublisherColours(publisher);
  const website = safeWebsite(publisher.website);
  return (
    <Box
      data-testid="publisher-header"
      sx={{
        bgcolor: colours.background,
        color: colours.text,
        borderRadius: 3,
        borderBottom: `6px solid ${colours.accent}`,
        minHeight: HEADER_MIN_HEIGHT,
        p: { xs: 2.5, md: 4 },
        mb: { xs: 3, md: 4 },
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2, sm: 3 }} sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}>
        <PublisherLogo publisher={publisher} colours={colours} size={72} />
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.6rem', md: '2.125rem', xxl: '3rem' } }}>
            {publisher.name}
          </Typography>
          <Typography sx={{ maxWidth: 880 }}>{publisher.description}</Typography>
          {website && (
            <Link
              href={website}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ color: colours.link, fontWeight: 600, display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}
            >
              {t('publishers.website')}
              <OpenInNewRounded sx={{ fontSize: 16 }} aria-hidden />
            </Link>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}

export function PublisherHeaderSkeleton({ label }: { label: string }) {
  return (
    <Box sx={{ minHeight: HEADER_MIN_HEIGHT, mb: { xs: 3, md: 4 }, borderRadius: 3, overflow: 'hidden' }}>
      <Typography component="h1" sx={screenReaderOnly}>
        {label}
      </Typography>
      <Skeleton variant="rectangular" aria-hidden sx={{ height: HEADER_MIN_HEIGHT }} />
    </Box>
  );
}
