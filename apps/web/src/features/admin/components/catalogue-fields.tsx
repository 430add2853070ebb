import TextField from '@mui/material/TextField';
import { CATALOGUE_DESCRIPTION_MAX, CATALOGUE_NAME_MAX, CATALOGUE_SLUG_MAX, CATALOGUE_SLUG_PATTERN } from '@newsreel/contracts';
import type { FieldErrors, UseFormRegister, UseFormRegisterReturn, UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { slugOf } from '../lib/slug';

/** The name, slug and description a category and a publisher both have, as their forms hold them. */
export interface CatalogueValues {
  name: string;
  slug: string;
  description: string;
}

const SLUG = new RegExp(CATALOGUE_SLUG_PATTERN);
/** The API's shortest slug (admin-catalogue.ts). */
export const CATALOGUE_SLUG_MIN = 2;
/** Characters as the API counts them (code points). */
const lengthOf = (text: string) => [...text].length;

/** MUI's TextField takes react-hook-form's ref on its input. */
export function inputOf({ ref, ...rest }: UseFormRegisterReturn) {
  return { ...rest, inputRef: ref };
}

export interface CatalogueFieldsProps<V extends CatalogueValues> {
  register: UseFormRegister<V>;
  errors: FieldErrors<V>;
  setValue: UseFormSetValue<V>;
  /** A new one: its slug follows its name until the slug is typed. */
  suggestSlug: boolean;
  /** The slug as it is now, to tell whether it still follows the name. */
  slug: string;
  name: string;
  /** What the slug is used for ("Its address: /c/{{slug}}"). */
  slugHelp: string;
}

/**
 * Name, slug and description, checked as the API checks them (AdminCategoryCreateBodySchema,
 * AdminPublisherCreateBodySchema): a name that is not blank, at most 120 characters; a slug of 2
 * to 80 lower-case letters and digits in words joined by dashes; a description of at most 1,000.
 */
export function CatalogueFields<V extends CatalogueValues>({ register, errors, setValue, suggestSlug, slug, name, slugHelp }: CatalogueFieldsProps<V>) {
  const { t } = useTranslation();
  // The form's own fields: the generic form type V always has them (CatalogueValues).
  const reg = register as unknown as UseFormRegister<CatalogueValues>;
  const set = setValue as unknown as UseFormSetValue<CatalogueValues>;
  const problems = errors as FieldErrors<CatalogueValues>;
  const followsName = suggestSlug && slug === slugOf(name, CATALOGUE_SLUG_MAX);
  const nameField = reg('name', {
    validate: (value) => {
      const length = lengthOf(value.trim());
      if (length === 0) return t('adminContent.validation.required');
      return length <= CATALOGUE_NAME_MAX || t('adminContent.validation.tooLong', { max: CATALOGUE_NAME_MAX, length });
    },
  });
  return (
    <>
      <TextField
        {...inputOf(nameField)}
        onChange={(event) => {
          // A new one's slug follows its name until the slug is typed by hand.
          if (followsName) set('slug', slugOf(event.target.value, CATALOGUE_SLUG_MAX), { shouldDirty: true });
          return nameField.onChange(event);
        }}
        label={t('adminContent.fields.name')}
        required
        fullWidth
        error={Boolean(problems.name)}
        helperText={problems.name?.message}
        slotProps={{ htmlInput: { maxLength: CATALOGUE_NAME_MAX, dir: 'auto' } }}
      />
      <TextField
        {...inputOf(
          reg('slug', {
            validate: (value) => {
              const text = value.trim();
              const length = lengthOf(text);
              if (length < CATALOGUE_SLUG_MIN) return t('adminContent.validation.tooShort', { min: CATALOGUE_SLUG_MIN, length });
              if (length > CATALOGUE_SLUG_MAX) return t('adminContent.validation.tooLong', { max: CATALOGUE_SLUG_MAX, length });
              return SLUG.test(text) || t('adminContent.validation.catalogueSlug');
            },
          }),
        )}
        label={t('adminContent.fields.slug')}
        required
        fullWidth
        error={Boolean(problems.slug)}
        helperText={problems.slug?.message ?? slugHelp}
        slotProps={{ htmlInput: { maxLength: CATALOGUE_SLUG_MAX, dir: 'ltr', spellCheck: false, autoCapitalize: 'none' } }}
      />
      <TextField
        {...inputOf(
          reg('description', {
            validate: (value) => lengthOf(value.trim()) <= CATALOGUE_DESCRIPTION_MAX || t('adminContent.validation.tooLong', { max: CATALOGUE_DESCRIPTION_MAX, length: lengthOf(value.trim()) }),
          }),
        )}
        label={t('adminContent.fields.description')}
        fullWidth
        multiline
        minRows={2}
        error={Boolean(problems.description)}
        helperText={problems.description?.message ?? t('adminContent.catalogue.descriptionHelp')}
        slotProps={{ htmlInput: { dir: 'auto' } }}
      />
    </>
  );
}
