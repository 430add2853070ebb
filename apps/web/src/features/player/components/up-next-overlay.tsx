import SkipNextRounded from '@mui/icons-material/SkipNextRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ArticleSummary } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../../lib/format';

export interface UpNextOverlayProps {
  next: ArticleSummary;
  secondsLeft: number;
  onPlayNow: () => void;
  onCancel: () => void;
}

/** Over the finished report: what plays next and when, with a way to start it now or stay. */
export function UpNextOverlay({ next, secondsLeft, onPlayNow, onCancel }: UpNextOverlayProps) {
  const { t, i18n } = useTranslation();
  return (
    <Stack
      sx={{
        position: 'absolute',
        inset: 0,
        zIndex: 1,
        alignItems: 'center',
        justifyContent: 'center',
        gap: { xs: 1, sm: 2, xxl: 4 },
        p: 2,
        bgcolor: 'rgba(0,0,0,0.82)',
        color: 'common.white',
        borderRadius: { xs: 0, sm: 2 },
        textAlign: 'center',
      }}
    >
      {/* Announced once; the countdown below changes every second and is not. */}
      <Box aria-live="polite">
        <Typography variant="overline" sx={{ color: 'primary.main', fontWeight: 700, display: 'block' }}>
          {t('player.upNext')}
        </Typography>
        <Typography
          lang={next.language}
          dir="auto"
          sx={{
            fontSize: { xs: '1rem', sm: '1.25rem', xxl: '2.125rem' },
            fontWeight: 700,
            maxWidth: '40ch',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {next.title}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ opacity: 0.85, display: { xs: 'none', sm: 'block' } }}>
        {t('player.upNextIn', { time: formatDuration(secondsLeft, i18n.resolvedLanguage ?? 'en') })}
      </Typography>
      <Stack direction="row" sx={{ gap: 1 }}>
        <Button variant="contained" startIcon={<SkipNextRounded aria-hidden />} onClick={onPlayNow}>
          {t('player.playNow')}
        </Button>
        <Button variant="outlined" color="inherit" onClick={onCancel}>
          {t('player.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
