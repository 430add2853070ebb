import Box from '@mui/material/Box';
import { Fragment } from 'react';
import type { TextSegment } from '../lib/snippet';

/** How a match looks: the brand yellow, softly, so long snippets stay readable. */
export const markStyle = {
  bgcolor: 'rgba(255, 212, 0, 0.24)',
  color: 'inherit',
  fontWeight: 700,
  borderRadius: '3px',
  px: '0.15em',
} as const;

/** Text with its matches in <mark>; React renders every segment as text, never as HTML. */
export function HighlightedText({ segments }: { segments: readonly TextSegment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.marked ? (
          <Box component="mark" key={index} sx={markStyle}>
            {segment.text}
          </Box>
        ) : (
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </>
  );
}
