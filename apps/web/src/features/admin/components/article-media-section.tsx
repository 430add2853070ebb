import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import ScienceRounded from '@mui/icons-material/ScienceRounded';
import {
  MEDIA_ASSET_SIZE_MAX,
  MEDIA_ASSET_URL_MAX,
  MediaType,
  TRANSCRIPT_FILE_TYPES,
  enumValues,
  fileTypeFitsMediaType,
  type AdminArticle,
  type AdminMediaAsset,
  type AdminMediaAssetBody,
  type MediaPipelineReport,
  type MediaPipelineStage,
} from '@newsreel/contracts';
import { useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { appActions, useAppDispatch } from '../../../app/state';
import { formatDuration, formatNumber, languageName } from '../../../lib/format';
import { useAddArticleMediaAsset, useArticleMediaAssets, useRemoveArticleMediaAsset, useTestMediaPipeline, isProcessing } from '../api/media-assets';
import { isolate } from '../lib/isolate';
import { refusalOf } from '../lib/refusal';
import { ConfirmDelete } from './confirm-delete';
import { EditorSection } from './editor-section';
import { EnumSelect } from './enum-select';
import { LoadFailed } from './load-failed';

/** The server's patterns (packages/contracts, AdminMediaAssetBodySchema), so the form says what it would. */
const MIME = /^[a-z]+\/[a-z0-9][a-z0-9.+-]*$/;
const MEDIA_URL = /^(\/[^/\s]|https?:\/\/[^\s/]+)\S*$/;
const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;

interface MediaForm {
  type: MediaType;
  fileType: string;
  fileSize: string;
  language: string;
  url: string;
}
type MediaField = Exclude<keyof MediaForm, 'type'>;

const EMPTY: MediaForm = { type: MediaType.VIDEO, fileType: '', fileSize: '', language: '', url: '' };
const MEDIA_TYPES = enumValues(MediaType) as MediaType[];

/** The file type each media type asks for, as shown in the message. */
const expectedFileType = (type: MediaType) => (type === MediaType.TRANSCRIPT ? TRANSCRIPT_FILE_TYPES.join(' / ') : `${{ 1: 'video', 2: 'audio', 3: 'image', 5: 'video' }[type]}/…`);

/** The same rules as the server's, field by field, in the admin's language. */
export function mediaFormProblems(form: MediaForm, t: TFunction): Partial<Record<MediaField, string>> {
  const problems: Partial<Record<MediaField, string>> = {};
  const fileType = form.fileType.trim();
  if (!MIME.test(fileType)) problems.fileType = t('adminContent.media.errors.fileTypeFormat');
  else if (!fileTypeFitsMediaType(form.type, fileType)) problems.fileType = t('adminContent.media.errors.fileTypeFits', { expected: expectedFileType(form.type) });
  const size = form.fileSize.trim();
  if (size !== '' && (!/^\d+$/.test(size) || Number(size) < 1 || Number(size) > MEDIA_ASSET_SIZE_MAX)) problems.fileSize = t('adminContent.media.errors.fileSize');
  const language = form.language.trim();
  if (language === '' && form.type === MediaType.TRANSCRIPT) problems.language = t('adminContent.media.errors.languageRequired');
  else if (language !== '' && !LANGUAGE.test(language)) problems.language = t('adminContent.media.errors.languageFormat');
  const url = form.url.trim();
  if (url === '') problems.url = t('adminContent.media.errors.urlRequired');
  else if (!MEDIA_URL.test(url) || url.length > MEDIA_ASSET_URL_MAX) problems.url = t('adminContent.media.errors.urlFormat');
  return problems;
}

function bodyOf(form: MediaForm): AdminMediaAssetBody {
  return {
    type: form.type,
    fileType: form.fileType.trim(),
    url: form.url.trim(),
    ...(form.fileSize.trim() ? { fileSize: Number(form.fileSize.trim()) } : {}),
    ...(form.language.trim() ? { language: form.language.trim() } : {}),
  };
}

/** A file size in the language's units: 1.2 MB, 640 kB. */
export function formatBytes(bytes: number, language: string): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : bytes >= 1000 ? [bytes / 1000, 'kilobyte'] : [bytes, 'byte'];
  return formatNumber(value, language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
}

/** What an asset is, in a line of facts: its file type, size, language, length and picture size. */
function AssetFacts({ asset }: { asset: AdminMediaAsset }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const facts = [
    asset.fileType,
    asset.fileSize !== null ? formatBytes(asset.fileSize, language) : null,
    asset.language ? languageName(asset.language, language) : null,
    asset.durationSeconds !== null ? formatDuration(asset.durationSeconds, language) : null,
    asset.width && asset.height ? t('adminContent.media.dimensions', { width: formatNumber(asset.width, language), height: formatNumber(asset.height, language) }) : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <Typography variant="body2" color="text.secondary">
      {facts.join(' · ')}
    </Typography>
  );
}

function AssetRow({ asset, onRemove, busy }: { asset: AdminMediaAsset; onRemove: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const typeName = t(`adminContent.media.type.${asset.type}`);
  return (
    <Stack component="li" direction="row" spacing={1.5} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2, alignItems: 'flex-start' }}>
      {asset.poster && <Box component="img" src={asset.poster} alt="" sx={{ width: 72, height: 40, objectFit: 'cover', borderRadius: 1, flexShrink: 0, bgcolor: '#000' }} />}
      <Stack spacing={0.5} sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 700 }}>{typeName}</Typography>
          {isProcessing(asset) && <Chip size="small" variant="outlined" color="info" icon={<CircularProgress size={12} aria-hidden />} label={t('adminContent.media.processing')} />}
        </Stack>
        <Typography variant="body2" dir="ltr" sx={{ overflowWrap: 'anywhere', textAlign: 'start' }}>
          {asset.url}
        </Typography>
        <AssetFacts asset={asset} />
      </Stack>
      <ConfirmDelete
        label={t('adminContent.media.remove', { type: typeName })}
        title={t('adminContent.media.removeTitle')}
        body={t('adminContent.media.removeBody', { url: isolate(asset.url ?? '') })}
        disabled={busy}
        onConfirm={onRemove}
      />
    </Stack>
  );
}

function AddMediaForm({ articleId }: { articleId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const add = useAddArticleMediaAsset(articleId);
  const [form, setForm] = useState<MediaForm>(EMPTY);
  const [shown, setShown] = useState(false);
  const problems = mediaFormProblems(form, t);
  const set = (field: MediaField) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));
  const errorOf = (field: MediaField) => (shown ? problems[field] : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (Object.keys(problems).length > 0) return;
    add.mutate(bodyOf(form), {
      onSuccess: (added) => {
        dispatch(appActions.showNotification(t(added.processingJobId ? 'adminContent.media.added' : 'adminContent.media.addedImage')));
        setForm(EMPTY);
        setShown(false);
      },
    });
  };

  const field = (name: MediaField, extra: { type?: string; dir?: 'ltr' } = {}) => (
    <TextField
      size="small"
      label={t(`adminContent.media.fields.${name}`)}
      value={form[name]}
      onChange={set(name)}
      error={Boolean(errorOf(name))}
      helperText={errorOf(name) ?? t(`adminContent.media.help.${name}`)}
      slotProps={{ htmlInput: { dir: extra.dir, inputMode: name === 'fileSize' ? 'numeric' : undefined } }}
      sx={{ flex: '1 1 200px', minWidth: 0 }}
    />
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1.5} aria-labelledby="article-media-add">
      <Typography id="article-media-add" component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('adminContent.media.addTitle')}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5 }}>
        <EnumSelect
          size="small"
          label={t('adminContent.media.fields.type')}
          value={form.type}
          options={MEDIA_TYPES}
          labelOf={(type) => t(`adminContent.media.type.${type}`)}
          onChange={(type) => type !== '' && setForm((current) => ({ ...current, type }))}
          sx={{ flex: '1 1 200px', minWidth: 0 }}
        />
        {field('fileType', { dir: 'ltr' })}
      </Stack>
      {field('url', { dir: 'ltr' })}
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5 }}>
        {field('language', { dir: 'ltr' })}
        {field('fileSize', { dir: 'ltr' })}
      </Stack>
      {add.error ? <Alert severity="error">{refusalOf(add.error, t('errors.generic'))}</Alert> : null}
      <div>
        <Button type="submit" variant="outlined" startIcon={<AddRounded aria-hidden />} disabled={add.isPending}>
          {t('adminContent.media.add')}
        </Button>
      </div>
    </Stack>
  );
}

const stageColor = { ok: 'success', failed: 'error', skipped: 'default' } as const;

/** A stage's result in a line: what it read, probed, drew or parsed. */
function stageSummary(stage: MediaPipelineStage, t: TFunction, language: string): string {
  const r = stage.result;
  const parts = [
    r.format ?? null,
    r.bytes !== undefined ? formatBytes(r.bytes, language) : null,
    r.durationSeconds ? formatDuration(r.durationSeconds, language) : null,
    r.width && r.height ? t('adminContent.media.dimensions', { width: formatNumber(r.width, language), height: formatNumber(r.height, language) }) : null,
    r.language ? languageName(r.language, language) : null,
    r.cues !== undefined ? t('adminContent.media.test.cues', { count: formatNumber(r.cues, language) }) : null,
  ];
  return parts.filter((part): part is string => part !== null).join(' · ');
}

function PipelineReport({ report }: { report: MediaPipelineReport }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <Stack spacing={1.5} role="status" aria-live="polite">
      <Alert severity={report.ok ? 'success' : 'error'}>{t(report.ok ? 'adminContent.media.test.ok' : 'adminContent.media.test.failed')}</Alert>
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('adminContent.media.test.title')}>
        {report.stages.map((stage) => (
          <Stack component="li" key={stage.stage} spacing={0.5} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }}>
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 700 }}>{t(`adminContent.media.test.stage.${stage.stage}`)}</Typography>
              <Chip size="small" variant="outlined" color={stageColor[stage.status]} label={t(`adminContent.media.test.status.${stage.status}`)} />
              <Typography variant="body2" color="text.secondary">
                {t('adminContent.media.test.took', { ms: formatNumber(stage.durationMs, language) })}
              </Typography>
            </Stack>
            {stage.status === 'ok' && <Typography variant="body2">{stageSummary(stage, t, language)}</Typography>}
            {stage.result.url && (
              <Typography variant="body2" color="text.secondary" dir="ltr" sx={{ overflowWrap: 'anywhere', textAlign: 'start' }}>
                {stage.result.url}
              </Typography>
            )}
            {stage.error && (
              <Typography variant="body2" color={stage.status === 'failed' ? 'error' : 'text.secondary'} dir="ltr" sx={{ overflowWrap: 'anywhere', textAlign: 'start' }}>
                {stage.error}
              </Typography>
            )}
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * An article's media files (SPEC §3 media asset, §7 Admin article extras): each with its type,
 * size, language and the duration its processing found; a file added by its URL (the same rules
 * as the server's), one removed after asking; and the media-pipeline test, stage by stage.
 */
export function ArticleMediaSection({ article }: { article: AdminArticle }) {
  const { t } = useTranslation();
  const assets = useArticleMediaAssets(article.id);
  const remove = useRemoveArticleMediaAsset(article.id);
  const test = useTestMediaPipeline(article.id);
  return (
    <EditorSection
      id="media"
      title={t('adminContent.media.title')}
      intro={t('adminContent.media.intro')}
      action={
        <Button variant="outlined" startIcon={test.isPending ? <CircularProgress size={16} aria-hidden /> : <ScienceRounded aria-hidden />} disabled={test.isPending} onClick={() => test.mutate()}>
          {t('adminContent.media.test.button')}
        </Button>
      }
    >
      <Stack spacing={2.5}>
        {test.data && <PipelineReport report={test.data} />}
        {assets.isError && !assets.data ? (
          <LoadFailed message={t('adminContent.media.loadFailed')} onRetry={() => void assets.refetch()} />
        ) : !assets.data ? (
          <CircularProgress size={24} aria-label={t('adminContent.loading')} />
        ) : assets.data.length === 0 ? (
          <Typography color="text.secondary">{t('adminContent.media.none')}</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('adminContent.media.list')}>
            {assets.data.map((asset) => (
              <AssetRow key={asset.id} asset={asset} busy={remove.isPending} onRemove={() => remove.mutate(asset.id)} />
            ))}
          </Stack>
        )}
        <AddMediaForm articleId={article.id} />
      </Stack>
    </EditorSection>
  );
}
