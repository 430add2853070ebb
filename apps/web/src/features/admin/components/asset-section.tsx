import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import { POLL_ASSET_FILE_TYPES, POLL_ASSET_MAX_BYTES, type AdminPoll, type PollAsset } from '@newsreel/contracts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorHandlers } from '../../../app/state';
import { formatNumber } from '../../../lib/format';
import { VISUALLY_HIDDEN_CLASS } from '../../../lib/visually-hidden';
import { useDeletePollAsset } from '../api/delete-poll-asset';
import { useUploadPollAsset } from '../api/upload-poll-asset';
import { isolate } from '../lib/isolate';
import { ConfirmDelete } from './confirm-delete';
import { EditorSection } from './editor-section';

function AssetPreview({ asset }: { asset: PollAsset }) {
  const { t } = useTranslation();
  if (!asset.url) return <Typography color="text.secondary">{t('adminPolls.asset.notUploaded')}</Typography>;
  const sx = { display: 'block', maxWidth: '100%', maxHeight: 240, borderRadius: 2, bgcolor: '#000' } as const;
  return asset.fileType.startsWith('video/') ? (
    <Box component="video" src={asset.url} controls muted playsInline preload="metadata" aria-label={asset.fileName} sx={sx} />
  ) : (
    <Box component="img" src={asset.url} alt={t('adminPolls.asset.previewAlt', { name: asset.fileName })} sx={{ ...sx, objectFit: 'contain' }} />
  );
}

/** The image or short video shown above the poll's questions: upload with a progress bar, preview, remove. */
export function AssetSection({ poll }: { poll: AdminPoll }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const upload = useUploadPollAsset();
  const remove = useDeletePollAsset();
  const { handleError } = useErrorHandlers();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const maxMb = formatNumber(POLL_ASSET_MAX_BYTES / (1024 * 1024), language);

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!(POLL_ASSET_FILE_TYPES as readonly string[]).includes(file.type)) return setProblem(t('adminPolls.asset.wrongType'));
    if (file.size > POLL_ASSET_MAX_BYTES) return setProblem(t('adminPolls.asset.tooLarge', { max: maxMb }));
    setProblem(null);
    // The poll shows one file: a new one replaces the others once it is stored.
    const replaced = poll.assets.filter((asset) => asset.fileName !== file.name);
    upload.mutate(
      { pollId: poll.id, file },
      { onError: handleError, onSuccess: () => replaced.forEach((asset) => remove.mutate({ pollId: poll.id, fileName: asset.fileName })) },
    );
  };

  const percent = upload.progress === null ? 0 : Math.round(upload.progress * 100);
  return (
    <EditorSection id="asset" title={t('adminPolls.asset.title')} intro={t('adminPolls.asset.intro', { max: maxMb })}>
      <Stack spacing={2}>
        {poll.assets.map((asset) => (
          <Stack key={asset.fileName} spacing={1} sx={{ alignItems: 'flex-start' }}>
            <AssetPreview asset={asset} />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', maxWidth: '100%' }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {asset.fileName}
              </Typography>
              <ConfirmDelete
                label={t('adminPolls.asset.remove', { name: asset.fileName })}
                title={t('adminPolls.asset.removeTitle')}
                body={t('adminPolls.asset.removeBody', { name: isolate(asset.fileName) })}
                onConfirm={() => remove.mutate({ pollId: poll.id, fileName: asset.fileName })}
              />
            </Stack>
          </Stack>
        ))}
        {poll.assets.length === 0 && <Typography color="text.secondary">{t('adminPolls.asset.none')}</Typography>}
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={POLL_ASSET_FILE_TYPES.join(',')}
          className={VISUALLY_HIDDEN_CLASS}
          tabIndex={-1}
          aria-hidden
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <div>
          <Button variant="outlined" startIcon={<UploadFileRounded aria-hidden />} disabled={upload.isPending} onClick={() => input.current?.click()}>
            {poll.assets.length > 0 ? t('adminPolls.asset.replace') : t('adminPolls.asset.choose')}
          </Button>
        </div>
        {upload.isPending && (
          <Stack spacing={0.5}>
            <LinearProgress variant="determinate" value={percent} aria-label={t('adminPolls.asset.uploading')} />
            <Typography variant="body2" color="text.secondary">
              {t('adminPolls.asset.progress', { percent: formatNumber(percent / 100, language, { style: 'percent' }) })}
            </Typography>
          </Stack>
        )}
        {problem && <Alert severity="warning">{problem}</Alert>}
      </Stack>
    </EditorSection>
  );
}
