import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** One section of the account page: a titled card, a region named by its title. */
export function SettingsCard({ title, intro, children, tone }: { title: string; intro?: ReactNode; children: ReactNode; tone?: 'danger' }) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, ...(tone === 'danger' ? { borderColor: 'error.dark' } : {}) }}
    >
      <Stack spacing={2}>
        <div>
          <Typography id={titleId} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {intro && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {intro}
            </Typography>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
