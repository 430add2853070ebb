import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One part of the poll editor: a titled card, a region landmark named by its title. */
export function EditorSection({ id, title, intro, action, children }: { id: string; title: string; intro?: string; action?: ReactNode; children: ReactNode }) {
  const headingId = `poll-section-${id}`;
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Stack sx={{ flex: '1 1 260px', minWidth: 0 }}>
          <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 800 }}>
            {title}
          </Typography>
          {intro && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {intro}
            </Typography>
          )}
        </Stack>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}
