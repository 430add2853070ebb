import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import {
  ARTICLE_SLUG_MIN,
  MANAGE_ARTICLE_MEDIA_MAX,
  MediaType,
  enumValues,
  type ManageArticleBundleCreateBody,
} from '@newsreel/contracts';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorResponseOf, isApiError } from '../../../lib/api-client';
import { useCategories } from '../../categories/api/get-categories';
import { ArticleBreakingField, ArticleCategoriesField, ArticleRegionsField, ArticleTextFields } from '../../admin/components/article-fields';
import { inputOf } from '../../admin/components/catalogue-fields';
import { EditorSection } from '../../admin/components/editor-section';
import { EnumSelect } from '../../admin/components/enum-select';
import { bundleOf, fieldOfMessage, guessMedia, lengthOf, slugOf, type ArticleFormValues } from '../lib/article-form-values';

const MIME = /^[a-z]+\/[a-z0-9.+-]+$/;
const WEB_ADDRESS = /^https?:\/\/[^\s/]+\S*$/;
const MEDIA_TYPES = enumValues(MediaType) as MediaType[];

export interface ArticleFormProps {
  values: ArticleFormValues;
  /** A new article's slug follows its title until the slug is typed in. */
  creating: boolean;
  /** Sends the bundle; `submit` false keeps it a draft. Rejects with the API's error, shown at the field it names. */
  onSave: (body: ManageArticleBundleCreateBody, submit: boolean) => Promise<unknown>;
  saving: boolean;
  /** A warning above the fields (a live or scheduled article leaves the feeds when a change is saved). */
  notice?: string;
}

/**
 * The studio's article editor: title, slug, description, categories, regions, place, breaking,
 * language, schedule time and media addresses, checked as the user types with the API's own
 * minimums (SPEC §5: slug ≥ 6, title ≥ 12, description 50–400); a refusal from the API is shown
 * at the field its message names.
 */
export function ArticleForm({ values: initial, creating, onSave, saving, notice }: ArticleFormProps) {
  const { t } = useTranslation();
  const categories = useCategories();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [slugTouched, setSlugTouched] = useState(!creating);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<ArticleFormValues>({ defaultValues: initial, mode: 'onChange' });
  const media = useFieldArray({ control, name: 'media' });
  const mediaRows = useWatch({ control, name: 'media' });
  const categoryNames = new Map((categories.data?.items ?? []).map((category) => [category.id, category.name]));

  const coordinate = (limit: number) => (value: string) =>
    value.trim() === '' || (Number.isFinite(Number(value)) && Math.abs(Number(value)) <= limit) || t('manage.editor.coordinate', { limit });

  const save = (submit: boolean) =>
    handleSubmit(async (values) => {
      setRefusal(null);
      try {
        await onSave(bundleOf(values), submit);
      } catch (error) {
        const message = isApiError(error) ? (errorResponseOf(error.response.data)?.message ?? error.message) : t('errors.generic');
        // 400 names the field; 409 is a slug another article has (or a state that cannot change).
        const field = isApiError(error) && error.status === 409 && /slug/i.test(message) ? 'slug' : fieldOfMessage(message);
        if (field) setError(field, { type: 'server', message }, { shouldFocus: true });
        else setRefusal(message);
      }
    });

  return (
    <Stack component="form" noValidate spacing={2} aria-label={t('manage.editor.form')} onSubmit={(event) => void save(true)(event)}>
      {notice && <Alert severity="warning">{notice}</Alert>}
      <EditorSection id="details" title={t('manage.editor.details')}>
        <Grid container spacing={2}>
          <ArticleTextFields
            control={control}
            register={register}
            errors={errors}
            onTitleChange={(title) => {
              if (!slugTouched) setValue('slug', slugOf(title), { shouldValidate: lengthOf(title) >= ARTICLE_SLUG_MIN });
            }}
            onSlugChange={() => setSlugTouched(true)}
            languageRequired={false}
            languageHelp={t('manage.editor.languageHelp')}
            summaryHelp={t('manage.editor.summaryHelp')}
            summaryRows={2}
          />
          <Grid size={{ xs: 12, md: 6 }}>
            <ArticleCategoriesField control={control} names={categoryNames} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ArticleRegionsField control={control} required={false} emptyLabel={t('manage.editor.defaultRegion')} help={t('manage.editor.regionsHelp')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              {...inputOf(register('scheduledAt'))}
              label={t('adminContent.fields.scheduledAt')}
              type="datetime-local"
              fullWidth
              error={Boolean(errors.scheduledAt)}
              helperText={errors.scheduledAt?.message ?? t('manage.editor.scheduleHelp')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }} sx={{ display: 'flex', alignItems: 'center' }}>
            <ArticleBreakingField control={control} />
          </Grid>
        </Grid>
      </EditorSection>
      <EditorSection id="place" title={t('adminContent.fields.location')} intro={t('manage.editor.placeIntro')}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              {...inputOf(register('placeName', { maxLength: { value: 120, message: t('adminContent.validation.tooLong', { max: 120, length: '120+' }) } }))}
              label={t('manage.editor.placeName')}
              fullWidth
              error={Boolean(errors.placeName)}
              helperText={errors.placeName?.message}
              slotProps={{ htmlInput: { dir: 'auto', maxLength: 120 } }}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <TextField
              {...inputOf(register('lat', { validate: coordinate(90) }))}
              label={t('manage.editor.latitude')}
              fullWidth
              error={Boolean(errors.lat)}
              helperText={errors.lat?.message}
              slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <TextField
              {...inputOf(register('lon', { validate: coordinate(180) }))}
              label={t('manage.editor.longitude')}
              fullWidth
              error={Boolean(errors.lon)}
              helperText={errors.lon?.message}
              slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
            />
          </Grid>
        </Grid>
      </EditorSection>
      <EditorSection
        id="media"
        title={t('adminContent.media.title')}
        intro={t('manage.editor.mediaIntro')}
        action={
          <Button
            startIcon={<AddRounded aria-hidden />}
            disabled={media.fields.length >= MANAGE_ARTICLE_MEDIA_MAX}
            onClick={() => media.append({ type: MediaType.VIDEO, url: '', fileType: '' })}
          >
            {t('manage.editor.addMedia')}
          </Button>
        }
      >
        <Stack spacing={2}>
          {errors.media?.message && <Alert severity="error">{errors.media.message}</Alert>}
          {media.fields.length === 0 && <Alert severity="info">{t('manage.editor.noMedia')}</Alert>}
          {media.fields.map((field, index) => (
            <Grid container spacing={1} key={field.id} sx={{ alignItems: 'flex-start' }}>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextField
                  {...inputOf(
                    register(`media.${index}.url`, {
                      validate: (value) => (value.trim() === '' ? t('adminContent.media.errors.urlRequired') : WEB_ADDRESS.test(value.trim()) || t('manage.editor.mediaUrl')),
                      onChange: (event: { target: { value: string } }) => {
                        const guess = guessMedia(event.target.value);
                        if (guess && !mediaRows[index]?.fileType) {
                          setValue(`media.${index}.type`, guess[0]);
                          setValue(`media.${index}.fileType`, guess[1], { shouldValidate: true });
                        }
                      },
                    }),
                  )}
                  label={t('adminContent.media.fields.url')}
                  size="small"
                  fullWidth
                  error={Boolean(errors.media?.[index]?.url)}
                  helperText={errors.media?.[index]?.url?.message}
                  slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, autoCapitalize: 'none', inputMode: 'url' } }}
                />
              </Grid>
              <Grid size={{ xs: 6, md: 2.5 }}>
                <Controller
                  control={control}
                  name={`media.${index}.type`}
                  render={({ field: { value, onChange, onBlur, ref } }) => (
                    <EnumSelect
                      size="small"
                      fullWidth
                      label={t('adminContent.media.fields.type')}
                      value={value}
                      options={MEDIA_TYPES}
                      labelOf={(type) => t(`adminContent.mediaType.${type}`)}
                      onChange={(type) => type !== '' && onChange(type)}
                      onBlur={onBlur}
                      inputRef={ref}
                    />
                  )}
                />
              </Grid>
              <Grid size={{ xs: 6, md: 2.5 }}>
                <TextField
                  {...inputOf(register(`media.${index}.fileType`, { validate: (value) => MIME.test(value.trim()) || t('adminContent.media.errors.fileTypeFormat') }))}
                  label={t('adminContent.media.fields.fileType')}
                  size="small"
                  fullWidth
                  error={Boolean(errors.media?.[index]?.fileType)}
                  helperText={errors.media?.[index]?.fileType?.message}
                  slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, autoCapitalize: 'none' } }}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 1 }} sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                <IconButton aria-label={t('manage.editor.removeMedia', { number: index + 1 })} onClick={() => media.remove(index)}>
                  <DeleteOutlineRounded />
                </IconButton>
              </Grid>
            </Grid>
          ))}
        </Stack>
      </EditorSection>
      {refusal && (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      )}
      <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={saving}>
          {t('manage.editor.submit')}
        </Button>
        <Button variant="outlined" disabled={saving} onClick={(event) => void save(false)(event)}>
          {t('manage.editor.saveDraft')}
        </Button>
      </Stack>
    </Stack>
  );
}
