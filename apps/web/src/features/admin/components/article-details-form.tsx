import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ArticleStatus, Territory, enumValues, type AdminArticle, type AdminArticleUpdateBody } from '@newsreel/contracts';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCategories } from '../../categories/api/get-categories';
import { fromLocalInput, toLocalInput } from '../lib/date-time';
import { ArticleBreakingField, ArticleCategoriesField, ArticleRegionsField, ArticleTextFields } from './article-fields';
import { inputOf } from './catalogue-fields';
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
  const categories = useCategories();
  const saved = useMemo(() => valuesOf(article), [article]);
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, dirtyFields, isDirty },
  } = useForm<ArticleValues>({ values: saved, resetOptions: { keepDirtyValues: true }, mode: 'onBlur' });

  const categoryNames = new Map([...(categories.data?.items ?? []), ...article.categories].map((category) => [category.id, category.name]));
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
        <ArticleTextFields
          control={control}
          register={register}
          errors={errors}
          languageRequired
          languageHelp={t('adminContent.article.languageHelp')}
          summaryHelp={article.summaryByAi ? t('adminContent.article.summaryAiHelp') : t('adminContent.article.summaryHelp')}
          summaryRows={3}
        />
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
          <ArticleBreakingField control={control} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ArticleRegionsField control={control} required />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ArticleCategoriesField control={control} names={categoryNames} />
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
