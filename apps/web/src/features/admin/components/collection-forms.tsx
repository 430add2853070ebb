import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  CATALOGUE_DESCRIPTION_MAX,
  CATALOGUE_NAME_MAX,
  CATALOGUE_SLUG_MAX,
  CATALOGUE_SLUG_PATTERN,
  PLAYLIST_EXTERNAL_ID_MAX,
  STORY_TITLE_MAX,
  type AdminPlaylist,
  type AdminPlaylistCreateBody,
  type AdminPlaylistUpdateBody,
  type AdminStory,
  type AdminStoryCreateBody,
  type AdminStoryUpdateBody,
} from '@newsreel/contracts';
import { useMemo, type ReactNode } from 'react';
import { useForm, useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fromLocalInput, toLocalInput } from '../lib/date-time';
import { slugOf } from '../lib/slug';
import { CATALOGUE_SLUG_MIN, inputOf } from './catalogue-fields';

/** The API's patterns (admin-collections.ts). */
const EXTERNAL_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;
const SLUG = new RegExp(CATALOGUE_SLUG_PATTERN);
const POSTER_MAX = 2000;
/** Characters as the API counts them (code points). */
const lengthOf = (text: string) => [...text].length;

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Only the fields that changed, for one being edited; every field for a new one. */
function changedOnly<B extends object>(body: B, dirty: Partial<Record<string, unknown>> | undefined): Partial<B> {
  if (!dirty) return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => Boolean(dirty[key]))) as Partial<B>;
}

interface FormFrameProps<V extends FieldValues> {
  form: UseFormReturn<V>;
  label: string;
  submitLabel: string;
  submitting: boolean;
  refusal?: string;
  actions?: ReactNode;
  /** An edit can be saved only once something changed. */
  editing: boolean;
  isDirty: boolean;
  onValid: (values: V) => Promise<unknown>;
  children: ReactNode;
}

function FormFrame<V extends FieldValues>({ form, label, submitLabel, submitting, refusal, actions, editing, isDirty, onValid, children }: FormFrameProps<V>) {
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-label={label}
      onSubmit={form.handleSubmit(async (values) => {
        try {
          await onValid(values);
          form.reset(values);
        } catch {
          // The refusal is shown under the form; what was typed stays to be corrected.
        }
      })}
    >
      {children}
      {refusal && (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {actions}
        <Button type="submit" variant="contained" disabled={submitting || (editing && !isDirty)}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The validation messages the server's would give, in the admin's language. */
function useRules() {
  const { t } = useTranslation();
  const text = (min: number, max: number) => (value: string) => {
    const length = lengthOf(value.trim());
    if (length === 0 && min > 0) return t('adminContent.validation.required');
    if (length < min) return t('adminContent.validation.tooShort', { min, length });
    return length <= max || t('adminContent.validation.tooLong', { max, length });
  };
  return {
    text,
    description: text(0, CATALOGUE_DESCRIPTION_MAX),
    slug: (value: string) => {
      const length = lengthOf(value.trim());
      const problem = text(CATALOGUE_SLUG_MIN, CATALOGUE_SLUG_MAX)(value);
      if (problem !== true) return problem;
      return (length > 0 && SLUG.test(value.trim())) || t('adminContent.validation.catalogueSlug');
    },
  };
}

// ── Playlists ──

interface PlaylistValues {
  name: string;
  externalId: string;
  description: string;
}

export interface PlaylistFormProps {
  playlist?: AdminPlaylist;
  label: string;
  submitLabel: string;
  onSubmit: (body: AdminPlaylistCreateBody | AdminPlaylistUpdateBody) => Promise<unknown>;
  submitting: boolean;
  refusal?: string;
  actions?: ReactNode;
}

/** A playlist's name, external id and description, checked as the API checks them. */
export function PlaylistForm({ playlist, onSubmit, ...frame }: PlaylistFormProps) {
  const { t } = useTranslation();
  const rules = useRules();
  const saved = useMemo(() => ({ name: playlist?.name ?? '', externalId: playlist?.externalId ?? '', description: playlist?.description ?? '' }), [playlist]);
  const form = useForm<PlaylistValues>({ values: saved, resetOptions: { keepDirtyValues: true }, mode: 'onBlur' });
  const { errors, dirtyFields, isDirty } = form.formState;
  return (
    <FormFrame
      form={form}
      editing={playlist !== undefined}
      isDirty={isDirty}
      onValid={(values) =>
        onSubmit(changedOnly({ name: values.name.trim(), externalId: values.externalId.trim(), description: values.description.trim() }, playlist ? dirtyFields : undefined))
      }
      {...frame}
    >
      <TextField
        {...inputOf(form.register('name', { validate: rules.text(1, CATALOGUE_NAME_MAX) }))}
        label={t('adminContent.fields.name')}
        required
        fullWidth
        error={Boolean(errors.name)}
        helperText={errors.name?.message}
        slotProps={{ htmlInput: { maxLength: CATALOGUE_NAME_MAX, dir: 'auto' } }}
      />
      <TextField
        {...inputOf(
          form.register('externalId', {
            validate: (value) => {
              const problem = rules.text(1, PLAYLIST_EXTERNAL_ID_MAX)(value);
              return problem !== true ? problem : EXTERNAL_ID.test(value.trim()) || t('adminCollections.validation.externalId');
            },
          }),
        )}
        label={t('adminCollections.fields.externalId')}
        required
        fullWidth
        error={Boolean(errors.externalId)}
        helperText={errors.externalId?.message ?? t('adminCollections.playlists.externalIdHelp')}
        slotProps={{ htmlInput: { maxLength: PLAYLIST_EXTERNAL_ID_MAX, dir: 'ltr', spellCheck: false, autoCapitalize: 'none' } }}
      />
      <DescriptionField form={form} error={errors.description?.message} validate={rules.description} />
    </FormFrame>
  );
}

function DescriptionField<V extends FieldValues & { description: string }>({ form, error, validate }: { form: UseFormReturn<V>; error?: string; validate: (value: string) => true | string }) {
  const { t } = useTranslation();
  return (
    <TextField
      {...inputOf(form.register('description' as Path<V>, { validate: (value: string) => validate(value) }))}
      label={t('adminContent.fields.description')}
      fullWidth
      multiline
      minRows={2}
      error={Boolean(error)}
      helperText={error ?? t('adminContent.catalogue.descriptionHelp')}
      slotProps={{ htmlInput: { dir: 'auto' } }}
    />
  );
}

// ── Stories ──

interface StoryValues {
  title: string;
  slug: string;
  description: string;
  poster: string;
  publishedAt: string;
}

export interface StoryFormProps {
  story?: AdminStory;
  label: string;
  submitLabel: string;
  onSubmit: (body: AdminStoryCreateBody | AdminStoryUpdateBody) => Promise<unknown>;
  submitting: boolean;
  refusal?: string;
  actions?: ReactNode;
}

/**
 * A story's title, slug (a new one's follows its title until typed), description, poster image
 * and publishing time (empty: now), checked as the API checks them.
 */
export function StoryForm({ story, onSubmit, ...frame }: StoryFormProps) {
  const { t } = useTranslation();
  const rules = useRules();
  const saved = useMemo(
    () => ({
      title: story?.title ?? '',
      slug: story?.slug ?? '',
      description: story?.description ?? '',
      poster: story?.poster ?? '',
      publishedAt: toLocalInput(story?.publishedAt),
    }),
    [story],
  );
  const form = useForm<StoryValues>({ values: saved, resetOptions: { keepDirtyValues: true }, mode: 'onBlur' });
  const { errors, dirtyFields, isDirty } = form.formState;
  const [title, slug, poster] = useWatch({ control: form.control, name: ['title', 'slug', 'poster'] });
  const followsTitle = !story && slug === slugOf(title, CATALOGUE_SLUG_MAX);
  const titleField = form.register('title', { validate: rules.text(1, STORY_TITLE_MAX) });
  const posterShown = poster.trim() !== '' && isWebAddress(poster.trim());
  return (
    <FormFrame
      form={form}
      editing={story !== undefined}
      isDirty={isDirty}
      onValid={(values) => {
        const publishedAt = fromLocalInput(values.publishedAt);
        const body: AdminStoryCreateBody = {
          title: values.title.trim(),
          slug: values.slug.trim(),
          description: values.description.trim(),
          poster: values.poster.trim() === '' ? null : values.poster.trim(),
          ...(publishedAt ? { publishedAt } : {}),
        };
        return onSubmit(changedOnly(body, story ? dirtyFields : undefined) as AdminStoryCreateBody | AdminStoryUpdateBody);
      }}
      {...frame}
    >
      <TextField
        {...inputOf(titleField)}
        onChange={(event) => {
          if (followsTitle) form.setValue('slug', slugOf(event.target.value, CATALOGUE_SLUG_MAX), { shouldDirty: true });
          return titleField.onChange(event);
        }}
        label={t('adminContent.fields.title')}
        required
        fullWidth
        error={Boolean(errors.title)}
        helperText={errors.title?.message}
        slotProps={{ htmlInput: { maxLength: STORY_TITLE_MAX, dir: 'auto' } }}
      />
      <TextField
        {...inputOf(form.register('slug', { validate: rules.slug }))}
        label={t('adminContent.fields.slug')}
        required
        fullWidth
        error={Boolean(errors.slug)}
        helperText={errors.slug?.message}
        slotProps={{ htmlInput: { maxLength: CATALOGUE_SLUG_MAX, dir: 'ltr', spellCheck: false, autoCapitalize: 'none' } }}
      />
      <DescriptionField form={form} error={errors.description?.message} validate={rules.description} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          {...inputOf(
            form.register('poster', {
              validate: (value) => value.trim() === '' || (value.trim().length <= POSTER_MAX && isWebAddress(value.trim())) || t('adminContent.validation.webAddress'),
            }),
          )}
          label={t('adminCollections.fields.poster')}
          fullWidth
          error={Boolean(errors.poster)}
          helperText={errors.poster?.message ?? t('adminCollections.stories.posterHelp')}
          slotProps={{ htmlInput: { maxLength: POSTER_MAX, dir: 'ltr', spellCheck: false, inputMode: 'url' } }}
        />
        {posterShown && (
          <img src={poster.trim()} alt={t('adminCollections.stories.posterPreview')} style={{ width: 160, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 8, flexShrink: 0 }} />
        )}
      </Stack>
      <TextField
        {...inputOf(form.register('publishedAt'))}
        type="datetime-local"
        label={t('adminCollections.fields.publishedAt')}
        fullWidth
        helperText={t('adminCollections.stories.publishedAtHelp')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </FormFrame>
  );
}
