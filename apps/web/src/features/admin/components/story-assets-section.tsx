import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import { MediaType, STORY_ASSET_FILE_TYPES, STORY_ASSET_MAX_BYTES, type AdminMediaAsset, type AdminStory } from '@newsreel/contracts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appActions, useAppDispatch } from '../../../app/state';
import { formatDuration, formatNumber } from '../../../lib/format';
import { VISUALLY_HIDDEN_CLASS } from '../../../lib/visually-hidden';
import { useRemoveStoryAsset, useStoryAssets, useUploadStoryAsset } from '../api/media-assets';
import { formatBytes } from './article-media-section';
import { ConfirmDelete } from './confirm-delete';
import { EditorSection } from './editor-section';
import { LoadFailed } from './load-failed';

function StoryAsset({ asset, busy, onRemove }: { asset: AdminMediaAsset; busy: boolean; onRemove: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const typeName = t(`adminContent.media.type.${asset.type}`);
  const sx = { display: 'block', maxWidth: '100%', maxHeight: 180, borderRadius: 2, bgcolor: '#000' } as const;
  const facts = [
    asset.fileType,
    asset.fileSize !== null ? formatBytes(asset.fileSize, language) : null,
    asset.durationSeconds !== null ? formatDuration(asset.durationSeconds, language) : null,
    asset.width && asset.height ? t('adminContent.media.dimensions', { width: formatNumber(asset.width, language), height: formatNumber(asset.height, language) }) : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <Stack component="li" spacing={1} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2, alignItems: 'flex-start' }}>
      {!asset.url ? (
        <Typography color="text.secondary">{t('adminContent.media.story.notUploaded')}</Typography>
      ) : asset.type === MediaType.VIDEO ? (
        <Box component="video" src={asset.url} poster={asset.poster ?? undefined} controls muted playsInline preload="metadata" aria-label={typeName} sx={sx} />
      ) : (
        <Box component="img" src={asset.url} alt={t('adminContent.media.story.previewAlt')} sx={{ ...sx, objectFit: 'contain' }} />
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', maxWidth: '100%' }}>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {[typeName, ...facts].join(' · ')}
        </Typography>
        <ConfirmDelete
          label={t('adminContent.media.remove', { type: typeName })}
          title={t('adminContent.media.removeTitle')}
          body={t('adminContent.media.story.removeBody')}
          disabled={busy}
          onConfirm={onRemove}
        />
      </Stack>
    </Stack>
  );
}

/**
 * A story's images and videos (SPEC §7 Admin stories with their assets): uploaded with a progress
 * bar (checked here as the server checks: type and size), previewed, removed after asking. Its
 * first image is the story's poster for readers when it has none of its own.
 */
export function StoryAssetsSection({ story }: { story: AdminStory }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dispatch = useAppDispatch();
  const assets = useStoryAssets(story.id);
  const upload = useUploadStoryAsset(story.id);
  const remove = useRemoveStoryAsset(story.id);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const maxMb = formatNumber(STORY_ASSET_MAX_BYTES / (1024 * 1024), language);

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!(STORY_ASSET_FILE_TYPES as readonly string[]).includes(file.type)) return setProblem(t('adminContent.media.story.wrongType'));
    if (file.size > STORY_ASSET_MAX_BYTES) return setProblem(t('adminContent.media.story.tooLarge', { max: maxMb }));
    setProblem(null);
    upload.mutate(file, { onSuccess: () => dispatch(appActions.showNotification(t('adminContent.media.story.uploaded'))) });
  };

  const percent = upload.progress === null ? 0 : Math.round(upload.progress * 100);
  return (
    <EditorSection id="story-assets" title={t('adminContent.media.story.title')} intro={t('adminContent.media.story.intro', { max: maxMb })}>
      <Stack spacing={2}>
        {assets.isError && !assets.data ? (
          <LoadFailed message={t('adminContent.media.loadFailed')} onRetry={() => void assets.refetch()} />
        ) : !assets.data ? (
          <CircularProgress size={24} aria-label={t('adminContent.loading')} />
        ) : assets.data.length === 0 ? (
          <Typography color="text.secondary">{t('adminContent.media.story.none')}</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('adminContent.media.story.title')}>
            {assets.data.map((asset) => (
              <StoryAsset key={asset.id} asset={asset} busy={remove.isPending} onRemove={() => remove.mutate(asset.id)} />
            ))}
          </Stack>
        )}
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={STORY_ASSET_FILE_TYPES.join(',')}
          className={VISUALLY_HIDDEN_CLASS}
          tabIndex={-1}
          aria-hidden
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <div>
          <Button variant="outlined" startIcon={<UploadFileRounded aria-hidden />} disabled={upload.isPending} onClick={() => input.current?.click()}>
            {t('adminContent.media.story.choose')}
          </Button>
        </div>
        {upload.isPending && (
          <Stack spacing={0.5}>
            <LinearProgress variant="determinate" value={percent} aria-label={t('adminContent.media.story.uploading')} />
            <Typography variant="body2" color="text.secondary">
              {t('adminContent.media.story.progress', { percent: formatNumber(percent / 100, language, { style: 'percent' }) })}
            </Typography>
          </Stack>
        )}
        {problem && <Alert severity="warning">{problem}</Alert>}
      </Stack>
    </EditorSection>
  );
}
