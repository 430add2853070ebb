import Box from '@mui/material/Box';

/**
 * A thin bar as long as `value` is of `max`, under a row's figure: for the eyes only (the figure
 * beside it says the same). It starts at the line's start, so it grows leftwards right to left.
 */
export function ShareBar({ value, max }: { value: number; max: number }) {
  const share = max > 0 ? Math.max(0, Math.min(1, value / max)) : 0;
  return (
    <Box aria-hidden sx={{ height: 4, borderRadius: 2, bgcolor: 'action.hover', mt: 0.5, overflow: 'hidden' }}>
      <Box sx={{ height: 1, width: `${share * 100}%`, bgcolor: 'primary.main', borderRadius: 2 }} />
    </Box>
  );
}
