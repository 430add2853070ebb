import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

/** Lets keyboard users jump past the header; visible only while it has focus. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      sx={{
        position: 'absolute',
        insetInlineStart: 8,
        top: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        borderRadius: 1,
        transform: 'translateY(-200%)',
        '&:focus-visible': { transform: 'none' },
      }}
    >
      {t('app.skipToContent')}
    </Link>
  );
}
