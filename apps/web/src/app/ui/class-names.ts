/** Joins the class names that apply: `classNames(styles.card, current && styles.current)`. */
export function classNames(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
