import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RADIUS_OPTIONS_M, type PollTarget, type PollTargetBody } from '@newsreel/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/state';
import { formatDistance } from '../../../lib/format';
import { loadEnglishSection } from '../../../lib/lazy-strings';
import { useCategories } from '../../categories/api/get-categories';
import { usePublishers } from '../../publishers/api/get-publishers';
import { useRegionOptions } from '../hooks/use-region-options';
import { ConfirmDelete } from './confirm-delete';
import { EnumSelect } from './enum-select';
import type { LatLon } from './target-map';

// The map's zoom buttons are named by the reader's radar strings, which load with it.
const TargetMap = lazy(async () => (await Promise.all([import('./target-map'), loadEnglishSection('radar')]))[0]);

/** The circle a new area starts with: 50 km (SPEC §9's local radius). */
const DEFAULT_AREA_RADIUS_M = 50_000;
/** Where a new area is drawn when the admin's own position is unknown: the radar's default map point (Greenwich). */
const FALLBACK_CENTRE: LatLon = { lat: 51.4779, lon: -0.0015 };

/** A target as its form holds it: ids as chosen, the circle's numbers as typed. */
export interface TargetDraft {
  regionIds: number[];
  categoryIds: string[];
  publisherId: string | null;
  storyId: string;
  articleId: string;
  area: { lat: string; lon: string; radius: number } | null;
}

export function draftOf(target?: PollTarget): TargetDraft {
  return {
    regionIds: target?.regionIds ?? [],
    categoryIds: target?.categoryIds ?? [],
    publisherId: target?.publisherId ?? null,
    storyId: target?.storyId ?? '',
    articleId: target?.articleId ?? '',
    area:
      target && target.lat !== null && target.lon !== null && target.radius !== null
        ? { lat: String(target.lat), lon: String(target.lon), radius: target.radius }
        : null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function numberIn(text: string, limit: number): number | undefined {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) && Math.abs(value) <= limit ? value : undefined;
}

/** The problems of a draft, by field; none when it can be saved. */
export function draftProblems(draft: TargetDraft): Partial<Record<'lat' | 'lon' | 'storyId' | 'articleId', string>> {
  const problems: Partial<Record<'lat' | 'lon' | 'storyId' | 'articleId', string>> = {};
  if (draft.area && numberIn(draft.area.lat, 90) === undefined) problems.lat = 'adminPolls.validation.latitude';
  if (draft.area && numberIn(draft.area.lon, 180) === undefined) problems.lon = 'adminPolls.validation.longitude';
  if (draft.storyId.trim() && !UUID.test(draft.storyId.trim())) problems.storyId = 'adminPolls.validation.id';
  if (draft.articleId.trim() && !UUID.test(draft.articleId.trim())) problems.articleId = 'adminPolls.validation.id';
  return problems;
}

/** A target must name someone: a region, a category, a publisher, a story, an article or an area. */
export function isEmptyTarget(draft: TargetDraft): boolean {
  return draft.regionIds.length === 0 && draft.categoryIds.length === 0 && !draft.publisherId && !draft.storyId.trim() && !draft.articleId.trim() && !draft.area;
}

/** The body PUT or POST sends for a draft (every field, so a cleared one is cleared on the server). */
export function targetBodyOf(draft: TargetDraft): PollTargetBody {
  return {
    regionIds: draft.regionIds,
    categoryIds: draft.categoryIds,
    publisherId: draft.publisherId,
    storyId: draft.storyId.trim() || null,
    articleId: draft.articleId.trim() || null,
    lat: draft.area ? (numberIn(draft.area.lat, 90) ?? null) : null,
    lon: draft.area ? (numberIn(draft.area.lon, 180) ?? null) : null,
    radius: draft.area ? draft.area.radius : null,
  };
}

export interface TargetCardProps {
  /** 1-based, for its heading. */
  number: number;
  target?: PollTarget;
  saving: boolean;
  onSave: (body: PollTargetBody) => Promise<unknown>;
  onDelete: () => void;
}

/** One target: regions, categories, publisher, story, article and an area on the map; saved as a whole. */
export function TargetCard({ number, target, saving, onSave, onDelete }: TargetCardProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const regions = useRegionOptions();
  const categories = useCategories();
  const publishers = usePublishers();
  const ownLocation = useAppSelector((state) => state.visitor?.location);
  const [draft, setDraft] = useState(() => draftOf(target));
  const [savedTarget, setSavedTarget] = useState(target);
  if (target !== savedTarget) {
    setSavedTarget(target);
    setDraft(draftOf(target));
  }
  const problems = draftProblems(draft);
  const empty = isEmptyTarget(draft);
  const changed = JSON.stringify(targetBodyOf(draft)) !== JSON.stringify(targetBodyOf(draftOf(target)));
  const set = (change: Partial<TargetDraft>) => setDraft((current) => ({ ...current, ...change }));
  const title = t('adminPolls.targets.name', { number });
  const idPrefix = `target-${target?.id ?? 'new'}`;

  const categoryItems = categories.data?.items ?? [];
  const publisherItems = publishers.data?.items ?? [];
  const centre: LatLon | undefined = draft.area
    ? { lat: numberIn(draft.area.lat, 90) ?? FALLBACK_CENTRE.lat, lon: numberIn(draft.area.lon, 180) ?? FALLBACK_CENTRE.lon }
    : undefined;

  // A new area starts where the admin is (the visitor's detected place), to be moved from there.
  const startArea = () => {
    const point = ownLocation ?? FALLBACK_CENTRE;
    set({ area: { lat: String(point.lat), lon: String(point.lon), radius: DEFAULT_AREA_RADIUS_M } });
  };

  return (
    <Paper
      component="form"
      aria-label={title}
      variant="outlined"
      noValidate
      sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 2, bgcolor: 'background.default' }}
      onSubmit={(event) => {
        event.preventDefault();
        if (Object.keys(problems).length === 0 && !empty) void onSave(targetBodyOf(draft)).catch(() => undefined);
      }}
    >
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          <ConfirmDelete
            label={t('adminPolls.targets.delete', { name: title })}
            title={t('adminPolls.targets.deleteTitle')}
            body={t('adminPolls.targets.deleteBody')}
            onConfirm={onDelete}
          />
        </Stack>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Autocomplete
              multiple
              id={`${idPrefix}-regions`}
              options={regions.options.map((region) => region.id)}
              getOptionLabel={regions.labelOf}
              value={draft.regionIds}
              onChange={(_event, regionIds) => set({ regionIds })}
              filterSelectedOptions
              renderInput={(params) => <TextField {...params} size="small" label={t('adminPolls.targets.regions')} placeholder={draft.regionIds.length ? undefined : t('adminPolls.targets.anyRegion')} />}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Autocomplete
              multiple
              id={`${idPrefix}-categories`}
              options={categoryItems.map((category) => category.id)}
              getOptionLabel={(id) => categoryItems.find((category) => category.id === id)?.name ?? id}
              value={draft.categoryIds}
              loading={categories.isLoading}
              loadingText={t('adminPolls.loading')}
              onChange={(_event, categoryIds) => set({ categoryIds })}
              filterSelectedOptions
              renderInput={(params) => <TextField {...params} size="small" label={t('adminPolls.targets.categories')} placeholder={draft.categoryIds.length ? undefined : t('adminPolls.targets.anyCategory')} />}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Autocomplete
              id={`${idPrefix}-publisher`}
              options={publisherItems.map((publisher) => publisher.id)}
              getOptionLabel={(id) => publisherItems.find((publisher) => publisher.id === id)?.name ?? id}
              value={draft.publisherId}
              loading={publishers.isLoading}
              loadingText={t('adminPolls.loading')}
              onChange={(_event, publisherId) => set({ publisherId })}
              renderInput={(params) => <TextField {...params} size="small" label={t('adminPolls.targets.publisher')} placeholder={t('adminPolls.targets.anyPublisher')} />}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField
              size="small"
              fullWidth
              label={t('adminPolls.targets.storyId')}
              value={draft.storyId}
              onChange={(event) => set({ storyId: event.target.value })}
              error={Boolean(problems.storyId)}
              helperText={problems.storyId ? t(problems.storyId) : undefined}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField
              size="small"
              fullWidth
              label={t('adminPolls.targets.articleId')}
              value={draft.articleId}
              onChange={(event) => set({ articleId: event.target.value })}
              error={Boolean(problems.articleId)}
              helperText={problems.articleId ? t(problems.articleId) : undefined}
            />
          </Grid>
        </Grid>
        <FormControlLabel
          control={<Switch checked={draft.area !== null} onChange={(event) => (event.target.checked ? startArea() : set({ area: null }))} />}
          label={t('adminPolls.targets.area')}
        />
        {draft.area && centre && (
          <Stack spacing={1.5}>
            <Typography variant="body2" color="text.secondary">
              {t('adminPolls.targets.areaHelp')}
            </Typography>
            <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
              <TargetMap
                centre={centre}
                radius={draft.area.radius}
                label={t('adminPolls.targets.mapLabel', { name: title })}
                onPick={({ lat, lon }) => set({ area: { ...draft.area!, lat: String(lat), lon: String(lon) } })}
              />
            </Suspense>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <TextField
                size="small"
                label={t('adminPolls.targets.lat')}
                value={draft.area.lat}
                onChange={(event) => set({ area: { ...draft.area!, lat: event.target.value } })}
                error={Boolean(problems.lat)}
                helperText={problems.lat ? t(problems.lat) : undefined}
                slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
              />
              <TextField
                size="small"
                label={t('adminPolls.targets.lon')}
                value={draft.area.lon}
                onChange={(event) => set({ area: { ...draft.area!, lon: event.target.value } })}
                error={Boolean(problems.lon)}
                helperText={problems.lon ? t(problems.lon) : undefined}
                slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
              />
              <EnumSelect
                id={`${idPrefix}-radius`}
                size="small"
                label={t('adminPolls.targets.radius')}
                value={draft.area.radius}
                options={RADIUS_OPTIONS_M}
                labelOf={(radius) => formatDistance(radius, language)}
                onChange={(radius) => radius !== '' && set({ area: { ...draft.area!, radius } })}
                sx={{ minWidth: 140 }}
              />
            </Stack>
          </Stack>
        )}
        {empty && (
          <Typography variant="body2" color="text.secondary">
            {t('adminPolls.targets.emptyHint')}
          </Typography>
        )}
        <div>
          <Button type="submit" variant={changed || !target ? 'contained' : 'outlined'} disabled={saving || empty || (!changed && target !== undefined)}>
            {target ? t('adminPolls.targets.save') : t('adminPolls.targets.create')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
