import TableContainer from '@mui/material/TableContainer';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

interface ScrollableTableProps {
  /** The id of the heading that names the table (or give `label`). */
  labelledBy?: string;
  label?: string;
  id?: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
}

/**
 * A table's box that scrolls (sideways on a phone, down where it has a height) instead of widening
 * the page. It takes keyboard focus, named like its table, so a reader without a mouse can scroll it.
 */
export function ScrollableTable({ labelledBy, label, id, sx, children }: ScrollableTableProps) {
  return (
    <TableContainer
      id={id}
      tabIndex={0}
      role="group"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      sx={[{ '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </TableContainer>
  );
}
