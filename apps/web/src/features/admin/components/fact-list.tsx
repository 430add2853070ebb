import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Facts about one thing, as a description list: the term, then its value, two columns where there is room. */
export function FactList({ facts }: { facts: readonly { term: string; value: ReactNode }[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.25, sm: 1.25 },
        '& dt': { color: 'text.secondary', fontSize: '0.875rem', mt: { xs: 1, sm: 0 } },
        '& dd': { m: 0, overflowWrap: 'anywhere' },
      }}
    >
      {facts.map(({ term, value }) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}
