import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface AuthCardProps {
  title: string;
  intro?: ReactNode;
  /** Shown above the title: an icon that says how things went (sent, confirmed, failed). */
  icon?: ReactNode;
  children?: ReactNode;
  /** Links under the card (to sign in, to create an account). */
  footer?: ReactNode;
}

/** The narrow card the sign-in, register, verify and password pages are drawn in. */
export function AuthCard({ title, intro, icon, children, footer }: AuthCardProps) {
  return (
    <Container maxWidth="xs" sx={{ py: { xs: 3, sm: 6 }, px: { xs: 2, sm: 3 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
        <Stack spacing={2}>
          {icon && (
            <Box aria-hidden sx={{ color: 'primary.main', '& svg': { fontSize: 48 } }}>
              {icon}
            </Box>
          )}
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
            {title}
          </Typography>
          {intro && <Typography color="text.secondary">{intro}</Typography>}
          {children}
        </Stack>
      </Paper>
      {footer && (
        <Stack spacing={1} sx={{ mt: 2, alignItems: 'center', textAlign: 'center' }}>
          {footer}
        </Stack>
      )}
    </Container>
  );
}
