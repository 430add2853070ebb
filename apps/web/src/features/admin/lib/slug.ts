/**
 * A slug suggested from a name, as the catalogue's slugs are written (lower-case letters and
 * digits in words joined by single dashes): "Science & Tech" → "science-tech", "Économie" →
 * "economie". A name in another script suggests nothing; the slug is then typed.
 */
export function slugOf(name: string, max: number): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}
