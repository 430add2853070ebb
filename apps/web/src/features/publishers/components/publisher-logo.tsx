import Box from '@mui/material/Box';
import type { Publisher } from '@newsreel/contracts';
import type { PublisherColours } from '../lib/branding';

/** Up to two initials of the publisher's name, for a logo tile when there is no logo. */
export function monogramOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => [...word][0]?.toLocaleUpperCase() ?? '')
    .join('');
}

/** The publisher's logo, or its initials on its accent colour; decorative (the name is beside it). */
export function PublisherLogo({ publisher, colours, size = 56 }: { publisher: Pick<Publisher, 'name' | 'logoUrl'>; colours: PublisherColours; size?: number }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: 2,
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
        bgcolor: colours.accent,
        color: colours.onAccent,
        fontWeight: 800,
        fontSize: size * 0.38,
        letterSpacing: '0.02em',
        boxShadow: '0 0 0 1px rgba(255,255,255,0.12)',
      }}
    >
      {publisher.logoUrl ? (
        <Box component="img" src={publisher.logoUrl} alt="" sx={{ width: '100%', height: '100%', objectFit: 'contain', bgcolor: colours.background }} />
      ) : (
        monogramOf(publisher.name)
      )}
    </Box>
  );
}
