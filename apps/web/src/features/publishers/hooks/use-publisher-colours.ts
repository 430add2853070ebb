import { useTheme } from '@mui/material/styles';
import type { Publisher } from '@newsreel/contracts';
import { useMemo } from 'react';
import { publisherColours, type PublisherColours } from '../lib/branding';

/** The publisher's branding colours, checked, with the app's own where theirs are missing. */
export function usePublisherColours(publisher: Pick<Publisher, 'branding'>): PublisherColours {
  const { palette } = useTheme();
  return useMemo(
    () => publisherColours(publisher.branding, { background: palette.background.paper, accent: palette.primary.main }),
    [publisher.branding, palette.background.paper, palette.primary.main],
  );
}
