import {
  ARTICLE_DESCRIPTION_MAX,
  ARTICLE_DESCRIPTION_MIN,
  ARTICLE_SLUG_MIN,
  ARTICLE_TITLE_MIN,
} from './constants';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?`;
const PERCENT_OR_NUMBER = String.raw`${NUMBER}%?`;
const HUE = String.raw`${NUMBER}(?:deg|rad|grad|turn)?`;
const SEP = String.raw`\s*,\s*`;
const RGB = new RegExp(
  String.raw`^rgb\(\s*${PERCENT_OR_NUMBER}${SEP}${PERCENT_OR_NUMBER}${SEP}${PERCENT_OR_NUMBER}\s*\)$`,
  'i',
);
const RGBA = new RegExp(
  String.raw`^rgba\(\s*${PERCENT_OR_NUMBER}${SEP}${PERCENT_OR_NUMBER}${SEP}${PERCENT_OR_NUMBER}${SEP}${PERCENT_OR_NUMBER}\s*\)$`,
  'i',
);
const HSL = new RegExp(
  String.raw`^hsl\(\s*${HUE}${SEP}${NUMBER}%${SEP}${NUMBER}%\s*\)$`,
  'i',
);
const HSLA = new RegExp(
  String.raw`^hsla\(\s*${HUE}${SEP}${NUMBER}%${SEP}${NUMBER}%${SEP}${PERCENT_OR_NUMBER}\s*\)$`,
  'i',
);
// CSS Color 4: color(<space> c1 c2 c3 [/ alpha])
const COLOR_FUNCTION = new RegExp(
  String.raw`^color\(\s*[a-z][a-z0-9-]*(?:\s+${PERCENT_OR_NUMBER}){3}(?:\s*\/\s*${PERCENT_OR_NUMBER})?\s*\)$`,
  'i',
);

/** True for a colour in hex, rgb(), rgba(), hsl(), hsla() or color() notation (SPEC §5). */
export function isColour(value: string): boolean {
  const v = value.trim();
  return [HEX, RGB, RGBA, HSL, HSLA, COLOR_FUNCTION].some((pattern) => pattern.test(v));
}

export interface ArticleTextFields {
  slug?: string;
  title?: string;
  description?: string;
}

export interface FieldProblem {
  field: keyof ArticleTextFields;
  message: string;
}

/** The article minimums of SPEC §5; fields that are absent are not checked. */
export function validateArticleText(fields: ArticleTextFields): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (fields.slug !== undefined && fields.slug.trim().length < ARTICLE_SLUG_MIN) {
    problems.push({ field: 'slug', message: `slug must be at least ${ARTICLE_SLUG_MIN} characters` });
  }
  if (fields.title !== undefined && fields.title.trim().length < ARTICLE_TITLE_MIN) {
    problems.push({
      field: 'title',
      message: `title must be at least ${ARTICLE_TITLE_MIN} characters`,
    });
  }
  if (fields.description !== undefined) {
    const length = fields.description.trim().length;
    if (length < ARTICLE_DESCRIPTION_MIN || length > ARTICLE_DESCRIPTION_MAX) {
      problems.push({
        field: 'description',
        message: `description must be between ${ARTICLE_DESCRIPTION_MIN} and ${ARTICLE_DESCRIPTION_MAX} characters`,
      });
    }
  }
  return problems;
}
