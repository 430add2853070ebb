import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import { BRANDING_KEYS_MAX, isColour, type AdminPublisher, type AdminPublisherCreateBody, type AdminPublisherUpdateBody } from '@newsreel/contracts';
import { useId, useMemo, type ReactNode } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isolate } from '../lib/isolate';
import { CatalogueFields, inputOf, type CatalogueValues } from './catalogue-fields';

/** The longest web address and branding value the API takes (admin-catalogue.ts). */
const ADDRESS_MAX = 2000;
const BRANDING_VALUE_MAX = 200;
const BRANDING_KEY = /^[A-Za-z][A-Za-z0-9]{0,39}$/;
/** SPEC §5: values under keys that name a colour must be colours. */
const COLOUR_KEY = /colou?r$/i;
/** The notations a colour may be written in (SPEC §5), and one of each kind as examples. */
const COLOUR_NOTATIONS = ['hex', 'rgb()', 'rgba()', 'hsl()', 'hsla()', 'color()'];
const COLOUR_EXAMPLES = ['#0A84FF', 'rgb(10, 132, 255)', 'hsl(211, 100%, 52%)'];

interface PublisherValues extends CatalogueValues {
  website: string;
  logoUrl: string;
  branding: { key: string; value: string }[];
}

const EMPTY: PublisherValues = { name: '', slug: '', description: '', website: '', logoUrl: '', branding: [] };

function valuesOf(publisher: AdminPublisher): PublisherValues {
  return {
    name: publisher.name,
    slug: publisher.slug,
    description: publisher.description,
    website: publisher.website ?? '',
    logoUrl: publisher.logoUrl ?? '',
    branding: Object.entries(publisher.branding).map(([key, value]) => ({ key, value })),
  };
}

/** An http(s) address, as the API takes one; '' for none. */
function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const changed = (dirty: unknown): boolean => (Array.isArray(dirty) ? dirty.some(changed) : typeof dirty === 'object' && dirty !== null ? Object.values(dirty).some(changed) : Boolean(dirty));

/** What the API is sent: the whole publisher for a new one; only what changed for one being edited (branding as a whole). */
function bodyOf(values: PublisherValues, dirty: Partial<Record<keyof PublisherValues, unknown>> | undefined): AdminPublisherCreateBody | AdminPublisherUpdateBody {
  const address = (text: string) => (text.trim() === '' ? null : text.trim());
  const body: AdminPublisherCreateBody = {
    name: values.name.trim(),
    slug: values.slug.trim(),
    description: values.description.trim(),
    website: address(values.website),
    logoUrl: address(values.logoUrl),
    branding: Object.fromEntries(values.branding.map(({ key, value }) => [key.trim(), value.trim()])),
  };
  if (!dirty) return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => changed(dirty[key as keyof PublisherValues])));
}

export interface PublisherFormProps {
  /** The publisher being edited; none for a new one. */
  publisher?: AdminPublisher;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  /** Sends the body; resolves once saved, rejects when refused. */
  onSubmit: (body: AdminPublisherCreateBody | AdminPublisherUpdateBody) => Promise<unknown>;
  submitting: boolean;
  /** Why the last try was refused, in words. */
  refusal?: string;
  /** Beside the submit button (a dialog's Cancel). */
  actions?: ReactNode;
}

/**
 * A publisher's name, slug, description, website and logo, checked as the API checks them; and,
 * for one being edited, its branding: named values, those named …Colour or …Color colours (SPEC §5).
 */
export function PublisherForm({ publisher, label, submitLabel, onSubmit, submitting, refusal, actions }: PublisherFormProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const brandingId = useId();
  // "a, b or c" in the reader's language; code in a sentence keeps its own order in a right-to-left one (lib/isolate.ts).
  const listOf = (items: string[]) => new Intl.ListFormat(language, { type: 'disjunction' }).format(items.map(isolate));
  const saved = useMemo(() => (publisher ? valuesOf(publisher) : EMPTY), [publisher]);
  const {
    control,
    register,
    handleSubmit,
    setValue,
    reset,
    formState: { errors, dirtyFields, isDirty },
  } = useForm<PublisherValues>({ values: saved, resetOptions: { keepDirtyValues: true }, mode: 'onBlur' });
  const branding = useFieldArray({ control, name: 'branding' });
  const [name, slug, rows] = useWatch({ control, name: ['name', 'slug', 'branding'] });
  const address = (value: string) =>
    value.trim() === '' || (value.trim().length <= ADDRESS_MAX && isWebAddress(value.trim())) || t('adminContent.validation.webAddress');

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-label={label}
      onSubmit={handleSubmit(async (values) => {
        try {
          await onSubmit(bodyOf(values, publisher ? dirtyFields : undefined));
          reset(values);
        } catch {
          // The refusal is shown under the form; what was typed stays to be corrected.
        }
      })}
    >
      <CatalogueFields
        register={register}
        errors={errors}
        setValue={setValue}
        suggestSlug={!publisher}
        name={name}
        slug={slug}
        slugHelp={t('adminContent.publishers.slugHelp')}
      />
      <TextField
        {...inputOf(register('website', { validate: address }))}
        label={t('adminContent.fields.website')}
        type="url"
        fullWidth
        error={Boolean(errors.website)}
        helperText={errors.website?.message ?? t('adminContent.publishers.websiteHelp')}
        slotProps={{ htmlInput: { maxLength: ADDRESS_MAX, dir: 'ltr', spellCheck: false } }}
      />
      <TextField
        {...inputOf(register('logoUrl', { validate: address }))}
        label={t('adminContent.fields.logoUrl')}
        type="url"
        fullWidth
        error={Boolean(errors.logoUrl)}
        helperText={errors.logoUrl?.message ?? t('adminContent.publishers.logoHelp')}
        slotProps={{ htmlInput: { maxLength: ADDRESS_MAX, dir: 'ltr', spellCheck: false } }}
      />
      {publisher && (
        <Box component="fieldset" aria-describedby={brandingId} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, p: 0 }}>
            {t('adminContent.publishers.branding')}
          </Typography>
          <Typography id={brandingId} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('adminContent.publishers.brandingHelp', { notations: listOf(COLOUR_NOTATIONS) })}
          </Typography>
          <Stack spacing={1.5}>
            {branding.fields.map((field, index) => {
              const key = rows[index]?.key ?? '';
              const value = rows[index]?.value ?? '';
              const colour = COLOUR_KEY.test(key.trim());
              return (
                <Stack key={field.id} direction="row" useFlexGap spacing={1} sx={{ alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
                  <TextField
                    {...inputOf(
                      register(`branding.${index}.key`, {
                        validate: (text) => {
                          const trimmed = text.trim();
                          if (!BRANDING_KEY.test(trimmed)) return t('adminContent.validation.brandingKey');
                          const same = (rows as { key: string }[]).filter((row) => row.key.trim() === trimmed).length;
                          return same <= 1 || t('adminContent.validation.brandingKeyTwice');
                        },
                      }),
                    )}
                    size="small"
                    label={t('adminContent.publishers.brandingKey')}
                    error={Boolean(errors.branding?.[index]?.key)}
                    helperText={errors.branding?.[index]?.key?.message}
                    slotProps={{ htmlInput: { maxLength: 40, dir: 'ltr', spellCheck: false } }}
                    sx={{ flex: { xs: '1 1 100%', sm: '0 1 220px' } }}
                  />
                  <TextField
                    {...inputOf(
                      register(`branding.${index}.value`, {
                        validate: (text) => {
                          const trimmed = text.trim();
                          if (trimmed.length > BRANDING_VALUE_MAX) return t('adminContent.validation.tooLong', { max: BRANDING_VALUE_MAX, length: trimmed.length });
                          const named = (rows[index]?.key ?? '').trim();
                          return !COLOUR_KEY.test(named) || isColour(trimmed) || t('adminContent.validation.colour', { examples: listOf(COLOUR_EXAMPLES) });
                        },
                      }),
                    )}
                    size="small"
                    label={t('adminContent.publishers.brandingValue')}
                    error={Boolean(errors.branding?.[index]?.value)}
                    helperText={errors.branding?.[index]?.value?.message}
                    slotProps={{
                      htmlInput: { maxLength: BRANDING_VALUE_MAX, dir: 'ltr', spellCheck: false },
                      input: {
                        startAdornment: colour && isColour(value) && (
                          <Box aria-hidden sx={{ width: 18, height: 18, borderRadius: 0.5, mr: 1, flexShrink: 0, bgcolor: value.trim(), border: 1, borderColor: 'divider' }} />
                        ),
                      },
                    }}
                    sx={{ flex: '1 1 200px' }}
                  />
                  <IconButton
                    aria-label={t('adminContent.publishers.brandingRemove', { key: key || String(index + 1) })}
                    title={t('adminContent.publishers.brandingRemove', { key: key || String(index + 1) })}
                    onClick={() => branding.remove(index)}
                    sx={{ mt: 0.5 }}
                  >
                    <DeleteOutlineRounded fontSize="small" />
                  </IconButton>
                </Stack>
              );
            })}
            <Button
              startIcon={<AddRounded aria-hidden />}
              disabled={branding.fields.length >= BRANDING_KEYS_MAX}
              onClick={() => branding.append({ key: '', value: '' })}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('adminContent.publishers.brandingAdd')}
            </Button>
          </Stack>
        </Box>
      )}
      {refusal && (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      )}
      {publisher && isDirty && <Alert severity="info">{t('adminContent.article.unsaved')}</Alert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: actions ? 'flex-end' : 'flex-start' }}>
        {actions}
        <Button type="submit" variant="contained" disabled={submitting || (publisher !== undefined && !isDirty)}>
          {submitLabel}
        </Button>
        {publisher && isDirty && (
          <Button onClick={() => reset(saved)} disabled={submitting}>
            {t('adminContent.article.discard')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
