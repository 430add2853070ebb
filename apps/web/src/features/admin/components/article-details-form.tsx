import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  ARTICLE_CATEGORIES_MAX,
  ARTICLE_DESCRIPTION_MAX,
  ARTICLE_DESCRIPTION_MIN,
  ARTICLE_SLUG_MAX,
  ARTICLE_SLUG_MIN,
  ARTICLE_SLUG_PATTERN,
  ARTICLE_SUMMARY_MAX,
  ARTICLE_TITLE_MAX,
  ARTICLE_TITLE_MIN,
  ArticleStatus,
  Territory,
  enumValues,
  type AdminArticle,
  type AdminArticleUpdateBody,
} from '@newsreel/contracts';
import { useMemo } from 'react';
import { Controller, useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCategories } from '../../categories/api/get-categories';
import { useRegionOptions } from '../hooks/use-region-options';
import { fromLocalInput, toLocalInput } from '../lib/date-time';
import { EnumSelect } from './enum-select';

/** The form's values: as its inputs hold them. */
interface ArticleValues {
  title: string;
  slug: string;
  description: string;
  summary: string;
  territory: Territory;
  breaking: boolean;
  language: string;
  regionIds: number[];
  categoryIds: string[];
  scheduledAt: string;
}

const SLUG = new RegExp(ARTICLE_SLUG_PATTERN);
/** As the API checks it (AdminArticleUpdateBodySchema): en, pt-BR. */
const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;

/** Characters as the API counts them (code points, not UTF-16 units). */
const lengthOf = (text: string) => [...text].length;

function valuesOf(article: AdminArticle): ArticleValues {
  return {
    title: article.title,
    slug: article.slug,
    description: article.description,
    summary: article.summary,
    territory: article.territory,
    breaking: article.breaking,
    language: article.language,
    regionIds: article.regionIds,
    categoryIds: article.categories.map((category) => category.id),
    scheduledAt: toLocalInput(article.scheduledAt),
  };
}

/** react-hook-form marks a list field dirty by index. */
const changed = (dirty: unknown) => (Array.isArray(dirty) ? dirty.some(Boolean) : Boolean(dirty));

/** Only what changed: fields left out stay as they are on the server. */
function bodyOf(values: ArticleValues, dirty: Partial<Record<keyof ArticleValues, unknown>>): AdminArticleUpdateBody {
  const body: AdminArticleUpdateBody = {};
  const is = (field: keyof ArticleValues) => changed(dirty[field]);
  if (is('title')) body.title = values.title.trim();
  if (is('slug')) body.slug = values.slug.trim();
  if (is('description')) body.description = values.description.trim();
  if (is('summary')) body.summary = values.summary.trim();
  if (is('territory')) body.territory = values.territory;
  if (is('breaking')) body.breaking = values.breaking;
  if (is('language')) body.language = values.language.trim();
  if (is('regionIds')) body.regionIds = values.regionIds;
  if (is('categoryIds')) body.categoryIds = values.categoryIds;
  if (is('scheduledAt')) body.scheduledAt = fromLocalInput(values.scheduledAt);
  return body;
}

/** MUI's TextField takes react-hook-form's ref on its input. */
function inputOf({ ref, ...rest }: UseFormRegisterReturn) {
  return { ...rest, inputRef: ref };
}

export interface ArticleDetailsFormProps {
  article: AdminArticle;
  /** Sends what changed; resolves once saved, rejects when refused (shown in the notification bar). */
  onSubmit: (body: AdminArticleUpdateBody) => Promise<unknown>;
  submitting: boolean;
}

/**
 * An article's fields (not its state, which moves only through the review actions), checked as
 * the API checks them: SPEC §5's minimums (title 12 characters, slug 6, description 50 to 400)
 * and the contract's maximums; only the fields that changed are sent.
 */
export function ArticleDetailsForm({ article, onSubmit, submitting }: ArticleDetailsFormProps) {
  const { t } = useTranslation();
  const regions = useRegionOptions();
  const categories = useCategories();
  const saved = useMemo(() => valuesOf(article), [article]);
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, dirtyFields, isDirty },
  } = useForm<ArticleValues>({ values: saved, resetOptions: { keepDirtyValues: true }, mode: 'onBlur' });

  const between = (min: number, max: number) => (value: string) => {
    const length = lengthOf(value.trim());
    if (length < min) return t('adminContent.validation.tooShort', { min, length });
    if (length > max) return t('adminContent.validation.tooLong', { max, length });
    return true;
  };
  const categoryNames = new Map([...(categories.data?.items ?? []), ...article.categories].map((category) => [category.id, category.name]));
  const description = useWatch({ control, name: 'description' });
  const scheduled = article.status === ArticleStatus.SCHEDULED;

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-label={t('adminContent.article.detailsTitle')}
      onSubmit={handleSubmit(async (values) => {
        try {
          await onSubmit(bodyOf(values, dirtyFields));
          reset(values);
        } catch {
          // The refusal is shown in the notification bar; the form keeps what was typed.
        }
      })}
    >
      <Grid container spacing={2}>
        <Grid size={12}>
          <TextField
            {...inputOf(register('title', { validate: between(ARTICLE_TITLE_MIN, ARTICLE_TITLE_MAX) }))}
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
            {...inputOf(register('language', { validate: (value) => LANGUAGE.test(value.trim()) || t('adminContent.validation.language') }))}
            label={t('adminContent.fields.language')}
            required
            fullWidth
            error={Boolean(errors.language)}
            helperText={errors.language?.message ?? t('adminContent.article.languageHelp')}
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
            minRows={3}
            error={Boolean(errors.summary)}
            helperText={errors.summary?.message ?? (article.summaryByAi ? t('adminContent.article.summaryAiHelp') : t('adminContent.article.summaryHelp'))}
            slotProps={{ htmlInput: { dir: 'auto' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Controller
            control={control}
            name="territory"
            render={({ field: { value, onChange, onBlur, ref } }) => (
              <EnumSelect
                fullWidth
                label={t('adminContent.fields.territory')}
                value={value}
                options={enumValues(Territory)}
                labelOf={(territory) => t(`adminContent.territory.${territory}`)}
                onChange={(territory) => territory !== '' && onChange(territory)}
                onBlur={onBlur}
                inputRef={ref}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <TextField
            {...inputOf(
              register('scheduledAt', {
                validate: (value) => !scheduled || fromLocalInput(value) !== null || t('adminContent.validation.scheduleNeeded'),
              }),
            )}
            label={t('adminContent.fields.scheduledAt')}
            type="datetime-local"
            fullWidth
            error={Boolean(errors.scheduledAt)}
            helperText={errors.scheduledAt?.message ?? t('adminContent.article.scheduledHelp')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }} sx={{ display: 'flex', alignItems: 'center' }}>
          <Controller
            control={control}
            name="breaking"
            render={({ field: { value, onChange, onBlur, ref } }) => (
              <FormControlLabel
                control={<Switch checked={value} onChange={(event) => onChange(event.target.checked)} onBlur={onBlur} slotProps={{ input: { ref } }} />}
                label={t('adminContent.fields.breaking')}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            control={control}
            name="regionIds"
            rules={{ validate: (value) => value.length > 0 || t('adminContent.validation.regions') }}
            render={({ field: { value, onChange, onBlur, ref } }) => (
              <TextField
                select
                fullWidth
                required
                label={t('adminContent.fields.regions')}
                value={value}
                onChange={(event) => onChange((event.target.value as unknown as (number | string)[]).map(Number))}
                onBlur={onBlur}
                inputRef={ref}
                error={Boolean(errors.regionIds)}
                helperText={errors.regionIds?.message}
                slotProps={{ select: { multiple: true, renderValue: (ids) => (ids as number[]).map(regions.labelOf).join(', ') } }}
              >
                {regions.options.map((region) => (
                  <MenuItem key={region.id} value={region.id}>
                    {region.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            control={control}
            name="categoryIds"
            rules={{ validate: (value) => value.length <= ARTICLE_CATEGORIES_MAX || t('adminContent.validation.categories', { max: ARTICLE_CATEGORIES_MAX }) }}
            render={({ field: { value, onChange, onBlur, ref } }) => (
              <TextField
                select
                fullWidth
                label={t('adminContent.fields.categories')}
                value={value}
                onChange={(event) => onChange(event.target.value as unknown as string[])}
                onBlur={onBlur}
                inputRef={ref}
                error={Boolean(errors.categoryIds)}
                helperText={errors.categoryIds?.message}
                slotProps={{
                  select: {
                    multiple: true,
                    displayEmpty: true,
                    renderValue: (ids) => (ids as string[]).map((id) => categoryNames.get(id) ?? id).join(', ') || t('adminContent.article.noCategories'),
                  },
                  inputLabel: { shrink: true },
                }}
              >
                {[...categoryNames].map(([id, name]) => (
                  <MenuItem key={id} value={id}>
                    {name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
      </Grid>
      {isDirty && <Alert severity="info">{t('adminContent.article.unsaved')}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={submitting || !isDirty}>
          {t('adminContent.article.save')}
        </Button>
        {isDirty && (
          <Button onClick={() => reset(saved)} disabled={submitting}>
            {t('adminContent.article.discard')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
