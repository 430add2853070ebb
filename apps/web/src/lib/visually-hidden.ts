/** Styles that hide text from sight but keep it for screen readers (labels, live announcements), for MUI's `sx`. */
export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** The same as a class name (app/theme/global.css), for plain elements. */
export const VISUALLY_HIDDEN_CLASS = 'nr-visually-hidden';
