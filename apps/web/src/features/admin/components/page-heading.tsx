import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export interface PageHeadingProps {
  title: ReactNode;
  /** A sentence under the title: what the page is for. */
  intro?: string;
  /** Beside the title (a button that makes something). */
  action?: ReactNode;
  /** A link back to the list the page belongs to. */
  back?: { href: string; label: string };
}

/** A superuser's page: where it belongs, its title (the page's h1), what it is for, and its main action. */
export function PageHeading({ title, intro, action, back }: PageHeadingProps) {
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {back && (
        <Link component={RouterLink} to={back.href} underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start', fontWeight: 600 }}>
          {/* The arrow points back, which is to the right when the page reads right to left. */}
          <ArrowBackRounded aria-hidden fontSize="small" sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />
          {back.label}
        </Link>
      )}
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.6rem', sm: '2.125rem' }, overflowWrap: 'anywhere', minWidth: 0 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {intro && (
        <Typography color="text.secondary" sx={{ maxWidth: 760 }}>
          {intro}
        </Typography>
      )}
    </Stack>
  );
}
