import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { AD_DAILY_CAP_MAX, AD_TITLE_MAX, AD_URL_PATTERN, AD_WEIGHT_MAX, type AdminAd, type AdminAdCreateBody } from '@newsreel/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategories } from '../../categories/api/get-categories';
import { useRegionOptions } from '../hooks/use-region-options';
import { fromLocalInput, toLocalInput } from '../lib/date-time';

const MEDIA_URL = new RegExp(AD_URL_PATTERN);
const CLICK_URL = /^https?:\/\/[^\s/]+\S*$/;

interface Draft {
  title: string;
  mediaUrl: string;
  clickUrl: string;
  regionIds: number[];
  categoryIds: string[];
  startsAt: string;
  endsAt: string;
  weight: string;
  dailyCap: string;
  enabled: boolean;
}

function draftOf(ad: AdminAd | undefined): Draft {
  return {
    title: ad?.title ?? '',
    mediaUrl: ad?.mediaUrl ?? '',
    clickUrl: ad?.clickUrl ?? '',
    regionIds: ad?.regionIds ?? [],
    categoryIds: ad?.categoryIds ?? [],
    startsAt: toLocalInput(ad?.startsAt),
    endsAt: toLocalInput(ad?.endsAt),
    weight: String(ad?.weight ?? 1),
    dailyCap: ad?.dailyCap ? String(ad.dailyCap) : '',
    enabled: ad?.enabled ?? true,
  };
}

type Problems = Partial<Record<'title' | 'mediaUrl' | 'clickUrl' | 'endsAt' | 'weight' | 'dailyCap', string>>;
const wholeIn = (text: string, max: number) => /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= max;

export interface AdDialogProps {
  /** The ad being edited; none for a new one. */
  ad?: AdminAd;
  onClose: () => void;
  /** Sends the whole ad; resolves once saved (the dialog closes), rejects when refused. */
  onSubmit: (body: AdminAdCreateBody) => Promise<unknown>;
  submitting: boolean;
  refusal?: string;
}

/** A new ad, or a change to one, in a dialog: its title, video address, link, targeting, dates, weight and cap. */
export function AdDialog({ ad, onClose, onSubmit, submitting, refusal }: AdDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(ad));
  const [problems, setProblems] = useState<Problems>({});
  const regions = useRegionOptions();
  const categories = useCategories();
  const categoryItems = categories.data?.items ?? [];
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  function check(): Problems {
    const found: Problems = {};
    if (!draft.title.trim()) found.title = t('adminAds.form.titleRequired');
    if (draft.mediaUrl.trim() && !MEDIA_URL.test(draft.mediaUrl.trim())) found.mediaUrl = t('adminAds.form.mediaUrlInvalid');
    if (draft.clickUrl.trim() && !CLICK_URL.test(draft.clickUrl.trim())) found.clickUrl = t('adminAds.form.clickUrlInvalid');
    const startsAt = fromLocalInput(draft.startsAt);
    const endsAt = fromLocalInput(draft.endsAt);
    if (startsAt && endsAt && endsAt <= startsAt) found.endsAt = t('adminAds.form.endsBeforeStart');
    if (!wholeIn(draft.weight, AD_WEIGHT_MAX)) found.weight = t('adminAds.form.between', { min: 1, max: AD_WEIGHT_MAX });
    if (draft.dailyCap && !wholeIn(draft.dailyCap, AD_DAILY_CAP_MAX)) found.dailyCap = t('adminAds.form.between', { min: 1, max: AD_DAILY_CAP_MAX });
    return found;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const mediaUrl = draft.mediaUrl.trim() || null;
    const body: AdminAdCreateBody = {
      title: draft.title.trim(),
      // An uploaded file stays unless another address is given.
      ...(!ad?.mediaType || mediaUrl !== ad.mediaUrl ? { mediaUrl } : {}),
      clickUrl: draft.clickUrl.trim() || null,
      regionIds: draft.regionIds,
      categoryIds: draft.categoryIds,
      startsAt: fromLocalInput(draft.startsAt),
      endsAt: fromLocalInput(draft.endsAt),
      weight: Number(draft.weight),
      dailyCap: draft.dailyCap ? Number(draft.dailyCap) : null,
      enabled: draft.enabled,
    };
    onSubmit(body).then(onClose, () => {
      // The refusal is shown in the dialog; what was typed stays to be corrected.
    });
  }

  return (
    <Dialog open onClose={submitting ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate aria-labelledby={titleId} onSubmit={submit}>
        <DialogTitle id={titleId}>{ad ? t('adminAds.form.editTitle') : t('adminAds.form.newTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('adminAds.fields.title')}
              value={draft.title}
              onChange={(event) => set({ title: event.target.value })}
              required
              error={Boolean(problems.title)}
              helperText={problems.title}
              slotProps={{ htmlInput: { maxLength: AD_TITLE_MAX, dir: 'auto' } }}
            />
            <TextField
              label={t('adminAds.fields.mediaUrl')}
              value={draft.mediaUrl}
              onChange={(event) => set({ mediaUrl: event.target.value })}
              error={Boolean(problems.mediaUrl)}
              helperText={problems.mediaUrl ?? t('adminAds.form.mediaUrlHelp')}
              slotProps={{ htmlInput: { dir: 'ltr' } }}
            />
            <TextField
              label={t('adminAds.fields.clickUrl')}
              value={draft.clickUrl}
              onChange={(event) => set({ clickUrl: event.target.value })}
              error={Boolean(problems.clickUrl)}
              helperText={problems.clickUrl}
              slotProps={{ htmlInput: { dir: 'ltr' } }}
            />
            <Autocomplete
              multiple
              options={regions.options.map((region) => region.id)}
              getOptionLabel={regions.labelOf}
              value={draft.regionIds}
              onChange={(_event, regionIds) => set({ regionIds })}
              filterSelectedOptions
              renderInput={(params) => <TextField {...params} label={t('adminAds.fields.regions')} helperText={t('adminAds.form.everywhere')} />}
            />
            <Autocomplete
              multiple
              options={categoryItems.map((category) => category.id)}
              getOptionLabel={(id) => categoryItems.find((category) => category.id === id)?.name ?? id}
              value={draft.categoryIds}
              loading={categories.isLoading}
              onChange={(_event, categoryIds) => set({ categoryIds })}
              filterSelectedOptions
              renderInput={(params) => <TextField {...params} label={t('adminAds.fields.categories')} helperText={t('adminAds.form.everywhere')} />}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                type="datetime-local"
                label={t('adminAds.fields.startsAt')}
                value={draft.startsAt}
                onChange={(event) => set({ startsAt: event.target.value })}
                helperText={t('adminAds.form.startsAtHelp')}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
              <TextField
                type="datetime-local"
                label={t('adminAds.fields.endsAt')}
                value={draft.endsAt}
                onChange={(event) => set({ endsAt: event.target.value })}
                error={Boolean(problems.endsAt)}
                helperText={problems.endsAt ?? t('adminAds.form.endsAtHelp')}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                type="number"
                label={t('adminAds.fields.weight')}
                value={draft.weight}
                onChange={(event) => set({ weight: event.target.value })}
                error={Boolean(problems.weight)}
                helperText={problems.weight ?? t('adminAds.form.weightHelp')}
                slotProps={{ htmlInput: { min: 1, max: AD_WEIGHT_MAX, step: 1 } }}
                fullWidth
              />
              <TextField
                type="number"
                label={t('adminAds.fields.dailyCap')}
                value={draft.dailyCap}
                onChange={(event) => set({ dailyCap: event.target.value })}
                error={Boolean(problems.dailyCap)}
                helperText={problems.dailyCap ?? t('adminAds.form.dailyCapHelp')}
                slotProps={{ htmlInput: { min: 1, max: AD_DAILY_CAP_MAX, step: 1 } }}
                fullWidth
              />
            </Stack>
            <FormControlLabel control={<Switch checked={draft.enabled} onChange={(event) => set({ enabled: event.target.checked })} />} label={t('adminAds.fields.enabled')} />
            {refusal && (
              <Alert severity="error" role="alert">
                {refusal}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={submitting}>
            {t('adminAds.form.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={submitting}>
            {t('adminAds.form.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
