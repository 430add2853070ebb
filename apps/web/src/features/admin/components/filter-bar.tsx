import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/** How wide a filter's select is: two a row on a phone, their own width above. */
export const filterFieldSx = { minWidth: { xs: 'calc(50% - 8px)', sm: 160 }, flex: { xs: '1 1 calc(50% - 8px)', sm: '0 0 auto' } } as const;

/** A list's filters above it, wrapping as the screen narrows; a search landmark named `label`. */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" useFlexGap role="search" aria-label={label} sx={{ flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'flex-start' }}>
      {children}
    </Stack>
  );
}
