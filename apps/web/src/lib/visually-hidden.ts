/** Styles that hide text from sight but keep it for screen readers (labels, live announcements), for MUI's `sx`. */
export const visuallyHidden = {
  position: 'absolute',
  // In pixels: MUI's sx reads a bare 1 as 100% and -1 as a spacing unit.
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** The same as a class name (app/theme/global.css), for plain elements. */
export const VISUALLY_HIDDEN_CLASS = 'nr-visually-hidden';
