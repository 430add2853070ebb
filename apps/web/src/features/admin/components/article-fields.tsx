import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  ARTICLE_CATEGORIES_MAX,
  ARTICLE_DESCRIPTION_MAX,
  ARTICLE_DESCRIPTION_MIN,
  ARTICLE_LANGUAGE_PATTERN,
  ARTICLE_SLUG_MAX,
  ARTICLE_SLUG_MIN,
  ARTICLE_SLUG_PATTERN,
  ARTICLE_SUMMARY_MAX,
  ARTICLE_TITLE_MAX,
  ARTICLE_TITLE_MIN,
} from '@newsreel/contracts';
import { Controller, useWatch, type Control, type FieldErrors, type RegisterOptions, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRegionOptions } from '../hooks/use-region-options';
import { inputOf } from './catalogue-fields';

/**
 * The fields an article has in the console's details form and in the studio's editor alike, as
 * their forms hold them; each form's own type has these and more.
 */
export interface ArticleFieldValues {
  title: string;
  slug: string;
  description: string;
  summary: string;
  language: string;
  breaking: boolean;
  regionIds: number[];
  categoryIds: string[];
}

const SLUG = new RegExp(ARTICLE_SLUG_PATTERN);
const LANGUAGE = new RegExp(ARTICLE_LANGUAGE_PATTERN);

/** Characters as the API counts them (code points, not UTF-16 units). */
export const lengthOf = (text: string) => [...text].length;

/** A rule for a text of `min` to `max` characters (trimmed), saying how long it is when it is not. */
export function useLengthRule() {
  const { t } = useTranslation();
  return (min: number, max: number) => (value: string) => {
    const length = lengthOf(value.trim());
    if (length < min) return t('adminContent.validation.tooShort', { min, length });
    if (length > max) return t('adminContent.validation.tooLong', { max, length });
    return true;
  };
}

export interface ArticleTextFieldsProps<V extends ArticleFieldValues> {
  control: Control<V>;
  register: UseFormRegister<V>;
  errors: FieldErrors<V>;
  /** The studio's slug follows the title of a new article: it listens to both fields. */
  onTitleChange?: (title: string) => void;
  onSlugChange?: () => void;
  /** The console requires a language; the studio leaves a blank one to the publisher's default. */
  languageRequired: boolean;
  languageHelp: string;
  summaryHelp: string;
  summaryRows: number;
}

/**
 * Title, slug, language, description and summary as grid items, checked as the API checks them:
 * SPEC §5's minimums (title 12 characters, slug 6, description 50 to 400) and the contract's
 * maximums.
 */
export function ArticleTextFields<V extends ArticleFieldValues>(props: ArticleTextFieldsProps<V>) {
  const { languageRequired, languageHelp, summaryHelp, summaryRows, onTitleChange, onSlugChange } = props;
  const { t } = useTranslation();
  const between = useLengthRule();
  // The form's own fields: the generic form type V always has them (ArticleFieldValues).
  const register = props.register as unknown as UseFormRegister<ArticleFieldValues>;
  const errors = props.errors as FieldErrors<ArticleFieldValues>;
  const description = useWatch({ control: props.control as unknown as Control<ArticleFieldValues>, name: 'description' });
  const changed = (listener?: (value: string) => void): Pick<RegisterOptions<ArticleFieldValues, 'title'>, 'onChange'> =>
    listener ? { onChange: (event: { target: { value: string } }) => listener(event.target.value) } : {};
  const language = (value: string) => {
    const trimmed = value.trim();
    if (!languageRequired && trimmed === '') return true;
    return LANGUAGE.test(trimmed) || t('adminContent.validation.language');
  };
  return (
    <>
      <Grid size={12}>
        <TextField
          {...inputOf(register('title', { validate: between(ARTICLE_TITLE_MIN, ARTICLE_TITLE_MAX), ...changed(onTitleChange) }))}
          label={t('adminContent.fields.title')}
          required
          fullWidth
          error={Boolean(errors.title)}
          helperText={errors.title?.message ?? t('adminContent.article.titleHelp', { min: ARTICLE_TITLE_MIN })}
          slotProps={{ htmlInput: { maxLength: ARTICLE_TITLE_MAX, dir: 'auto' } }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <TextField
          {...inputOf(
            register('slug', {
              ...changed(onSlugChange),
              validate: (value) => {
                const lengthProblem = between(ARTICLE_SLUG_MIN, ARTICLE_SLUG_MAX)(value);
                if (lengthProblem !== true) return lengthProblem;
                return SLUG.test(value.trim()) || t('adminContent.validation.slug');
              },
            }),
          )}
          label={t('adminContent.fields.slug')}
          required
          fullWidth
          error={Boolean(errors.slug)}
          helperText={errors.slug?.message ?? t('adminContent.article.slugHelp', { min: ARTICLE_SLUG_MIN })}
          slotProps={{ htmlInput: { maxLength: ARTICLE_SLUG_MAX, dir: 'ltr', spellCheck: false, autoCapitalize: 'none' } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <TextField
          {...inputOf(register('language', { validate: language }))}
          label={t('adminContent.fields.language')}
          required={languageRequired}
          fullWidth
          error={Boolean(errors.language)}
          helperText={errors.language?.message ?? languageHelp}
          slotProps={{ htmlInput: { maxLength: 8, dir: 'ltr', spellCheck: false, autoCapitalize: 'none' } }}
        />
      </Grid>
      <Grid size={12}>
        <TextField
          {...inputOf(register('description', { validate: between(ARTICLE_DESCRIPTION_MIN, ARTICLE_DESCRIPTION_MAX) }))}
          label={t('adminContent.fields.description')}
          required
          fullWidth
          multiline
          minRows={3}
          error={Boolean(errors.description)}
          helperText={
            errors.description?.message ??
            t('adminContent.article.descriptionHelp', { min: ARTICLE_DESCRIPTION_MIN, max: ARTICLE_DESCRIPTION_MAX, length: lengthOf(description.trim()) })
          }
          slotProps={{ htmlInput: { dir: 'auto' } }}
        />
      </Grid>
      <Grid size={12}>
        <TextField
          {...inputOf(
            register('summary', { validate: (value) => lengthOf(value.trim()) <= ARTICLE_SUMMARY_MAX || t('adminContent.validation.tooLong', { max: ARTICLE_SUMMARY_MAX, length: lengthOf(value.trim()) }) }),
          )}
          label={t('adminContent.fields.summary')}
          fullWidth
          multiline
          minRows={summaryRows}
          error={Boolean(errors.summary)}
          helperText={errors.summary?.message ?? summaryHelp}
          slotProps={{ htmlInput: { dir: 'auto' } }}
        />
      </Grid>
    </>
  );
}

/** The article's categories (at most ARTICLE_CATEGORIES_MAX), chosen from `names` (id → name). */
export function ArticleCategoriesField<V extends ArticleFieldValues>({ control, names }: { control: Control<V>; names: Map<string, string> }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control as unknown as Control<ArticleFieldValues>}
      name="categoryIds"
      rules={{ validate: (value) => value.length <= ARTICLE_CATEGORIES_MAX || t('adminContent.validation.categories', { max: ARTICLE_CATEGORIES_MAX }) }}
      render={({ field: { value, onChange, onBlur, ref }, fieldState: { error } }) => (
        <TextField
          select
          fullWidth
          label={t('adminContent.fields.categories')}
          value={value}
          onChange={(event) => onChange(event.target.value as unknown as string[])}
          onBlur={onBlur}
          inputRef={ref}
          error={Boolean(error)}
          helperText={error?.message}
          slotProps={{
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (ids) => (ids as string[]).map((id) => names.get(id) ?? id).join(', ') || t('adminContent.article.noCategories'),
            },
            inputLabel: { shrink: true },
          }}
        >
          {[...names].map(([id, name]) => (
            <MenuItem key={id} value={id}>
              {name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

export interface ArticleRegionsFieldProps<V extends ArticleFieldValues> {
  control: Control<V>;
  /** The console requires a region; the studio falls back to the publisher's own (`emptyLabel`). */
  required: boolean;
  emptyLabel?: string;
  help?: string;
}

/** The regions the article is news for. */
export function ArticleRegionsField<V extends ArticleFieldValues>({ control, required, emptyLabel, help }: ArticleRegionsFieldProps<V>) {
  const { t } = useTranslation();
  const regions = useRegionOptions();
  return (
    <Controller
      control={control as unknown as Control<ArticleFieldValues>}
      name="regionIds"
      rules={required ? { validate: (value) => value.length > 0 || t('adminContent.validation.regions') } : {}}
      render={({ field: { value, onChange, onBlur, ref }, fieldState: { error } }) => (
        <TextField
          select
          fullWidth
          required={required}
          label={t('adminContent.fields.regions')}
          value={value}
          onChange={(event) => onChange((event.target.value as unknown as (number | string)[]).map(Number))}
          onBlur={onBlur}
          inputRef={ref}
          error={Boolean(error)}
          helperText={error?.message ?? help}
          slotProps={{
            select: { multiple: true, displayEmpty: emptyLabel !== undefined, renderValue: (ids) => (ids as number[]).map(regions.labelOf).join(', ') || emptyLabel },
            ...(emptyLabel !== undefined ? { inputLabel: { shrink: true } } : {}),
          }}
        >
          {regions.options.map((region) => (
            <MenuItem key={region.id} value={region.id}>
              {region.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** Whether the article is breaking news. */
export function ArticleBreakingField<V extends ArticleFieldValues>({ control }: { control: Control<V> }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control as unknown as Control<ArticleFieldValues>}
      name="breaking"
      render={({ field: { value, onChange, onBlur, ref } }) => (
        <FormControlLabel
          control={<Switch checked={value} onChange={(event) => onChange(event.target.checked)} onBlur={onBlur} slotProps={{ input: { ref } }} />}
          label={t('adminContent.fields.breaking')}
        />
      )}
    />
  );
}
