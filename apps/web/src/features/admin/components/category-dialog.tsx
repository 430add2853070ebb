import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { AdminCategory, AdminCategoryCreateBody, AdminCategoryUpdateBody } from '@newsreel/contracts';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CatalogueFields, type CatalogueValues } from './catalogue-fields';

const EMPTY: CatalogueValues = { name: '', slug: '', description: '' };

/** What the API is sent: the whole category for a new one; only what changed for one being edited. */
function bodyOf(values: CatalogueValues, dirty: Partial<Record<keyof CatalogueValues, boolean | undefined>> | undefined): AdminCategoryCreateBody | AdminCategoryUpdateBody {
  const body = { name: values.name.trim(), slug: values.slug.trim(), description: values.description.trim() };
  if (!dirty) return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => dirty[key as keyof CatalogueValues]));
}

export interface CategoryDialogProps {
  /** The category being edited; none for a new one. */
  category?: AdminCategory;
  onClose: () => void;
  /** Sends the body; resolves once saved (the dialog closes), rejects when refused. */
  onSubmit: (body: AdminCategoryCreateBody | AdminCategoryUpdateBody) => Promise<unknown>;
  submitting: boolean;
  /** Why the last try was refused, in words (the slug is taken). */
  refusal?: string;
}

/** A new category, or one's name, slug and description, in a dialog over the list. */
export function CategoryDialog({ category, onClose, onSubmit, submitting, refusal }: CategoryDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const {
    control,
    register,
    handleSubmit,
    setValue,
    formState: { errors, dirtyFields, isDirty },
  } = useForm<CatalogueValues>({
    defaultValues: category ? { name: category.name, slug: category.slug, description: category.description } : EMPTY,
    mode: 'onBlur',
  });
  const [name, slug] = useWatch({ control, name: ['name', 'slug'] });
  return (
    <Dialog open onClose={submitting ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form
        noValidate
        aria-labelledby={titleId}
        onSubmit={handleSubmit((values) =>
          onSubmit(bodyOf(values, category ? dirtyFields : undefined)).then(onClose, () => {
            // The refusal is shown in the dialog; what was typed stays to be corrected.
          }),
        )}
      >
        <DialogTitle id={titleId}>{category ? t('adminContent.categories.editTitle') : t('adminContent.categories.newTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <CatalogueFields
              register={register}
              errors={errors}
              setValue={setValue}
              suggestSlug={!category}
              name={name}
              slug={slug}
              slugHelp={t('adminContent.categories.slugHelp')}
            />
            {refusal && (
              <Alert severity="error" role="alert">
                {refusal}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={submitting}>
            {t('adminContent.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={submitting || (category !== undefined && !isDirty)}>
            {category ? t('adminContent.save') : t('adminContent.categories.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
