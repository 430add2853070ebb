import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import { ARTICLE_LANGUAGE_PATTERN, MediaType, enumValues, type AdminArticle, type MediaFile } from '@newsreel/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { appActions, useAppDispatch, useAppSelector } from '../../../app/state';
import { formatDuration, formatNumber } from '../../../lib/format';
import { VISUALLY_HIDDEN_CLASS } from '../../../lib/visually-hidden';
import { formatBytes } from '../../admin/components/article-media-section';
import { EditorSection } from '../../admin/components/editor-section';
import { guessUploadType, startMediaUpload, UPLOAD_ACCEPT, useInvalidateArticleMedia, type UploadError } from '../api/player-media';

const LANGUAGE = new RegExp(ARTICLE_LANGUAGE_PATTERN);
/** Types whose files are spoken in a language. */
const SPOKEN: MediaType[] = [MediaType.AUDIO, MediaType.TRANSCRIPT, MediaType.DUBBED_VIDEO];
/** Types the server processes after the upload (duration, size, poster or cues). */
const PROCESSED: MediaType[] = [MediaType.VIDEO, MediaType.AUDIO, MediaType.DUBBED_VIDEO];
/** How often, and for how long, the article is read again while a new upload is processed. */
const PROCESSING_POLL_MS = 3000;
const PROCESSING_POLL_FOR_MS = 3 * 60 * 1000;

const fileNameOf = (url: string) => {
  const name = url.split(/[?#]/)[0]?.split('/').pop() ?? url;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
};

/** On a new article: media is uploaded to an article that exists, so it is saved first. */
export function MediaNeedsDraft() {
  const { t } = useTranslation();
  return (
    <EditorSection id="media-upload" title={t('manage.media.uploadTitle')}>
      <Alert severity="info">{t('manage.media.saveFirst')}</Alert>
    </EditorSection>
  );
}

/** One of the article's files: its type, name and what is known of it. */
function MediaRow({ file, processing }: { file: MediaFile; processing: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const facts = [
    file.fileType,
    file.fileSize !== null ? formatBytes(file.fileSize, language) : null,
    file.durationSeconds !== null ? formatDuration(file.durationSeconds, language) : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <Stack component="li" spacing={0.5} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2, minWidth: 0 }}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 700 }}>{t(`adminContent.mediaType.${file.type}`)}</Typography>
        {processing && <Chip size="small" variant="outlined" color="info" icon={<CircularProgress size={12} aria-hidden />} label={t('manage.media.processing')} />}
      </Stack>
      <Typography variant="body2" dir="ltr" sx={{ overflowWrap: 'anywhere', textAlign: 'start' }}>
        {fileNameOf(file.url)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {facts.join(' · ')}
      </Typography>
    </Stack>
  );
}

/** The sentence for an upload the server refused (or never answered), with the server's own words. */
function uploadProblemOf(error: UploadError, t: TFunction): string {
  const known = [400, 401, 403, 404, 409, 413, 415];
  const headline = error.status === null ? t('manage.media.errors.network') : t(`manage.media.errors.${known.includes(error.status) ? error.status : 'other'}`);
  return error.message && error.status !== null ? `${headline} ${error.message}` : headline;
}

/**
 * The article's media files, and an upload of one more (tus: chunked and resumable) with its
 * progress in percent and bytes; cancelling removes what arrived. A new file appears in the list
 * at once and is processed on the server; the list is read again until its length is known.
 */
export function MediaUploadSection({ article }: { article: AdminArticle }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const dispatch = useAppDispatch();
  const baseUrl = useAppSelector((state) => state.api);
  const invalidate = useInvalidateArticleMedia();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [type, setType] = useState<MediaType>(MediaType.VIDEO);
  const [language, setLanguage] = useState('');
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [recent, setRecent] = useState<{ ids: string[]; since: number }>({ ids: [], since: 0 });
  const running = useRef<{ cancel(): Promise<void> } | null>(null);

  // A file uploaded here is processed in the background: read the article again until it is.
  const processing = new Set(
    article.media
      .filter((media) => PROCESSED.includes(media.type) && media.durationSeconds === null)
      .map((media) => media.id.toLowerCase())
      .filter((id) => recent.ids.includes(id)),
  );
  const waiting = processing.size > 0;
  useEffect(() => {
    if (!waiting) return undefined;
    const timer = window.setInterval(() => {
      if (Date.now() - recent.since > PROCESSING_POLL_FOR_MS) window.clearInterval(timer);
      else void invalidate();
    }, PROCESSING_POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting, recent.since, invalidate]);
  // An upload still going when the page is left is stopped (it can be resumed by picking the file again).
  useEffect(() => () => void running.current?.cancel(), []);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setType(guessUploadType(chosen));
    setProblem(null);
  };

  const languageInvalid = language.trim() !== '' && !LANGUAGE.test(language.trim());
  const upload = () => {
    if (!file || languageInvalid) return;
    setProblem(null);
    setProgress({ sent: 0, total: file.size });
    running.current = startMediaUpload(
      baseUrl,
      { articleId: article.id, file, type, language: SPOKEN.includes(type) ? language.trim() || undefined : undefined },
      {
        onProgress: (sent, total) => setProgress({ sent, total }),
        onSuccess: (assetId) => {
          running.current = null;
          setProgress(null);
          setFile(null);
          if (input.current) input.current.value = '';
          if (assetId) setRecent(({ ids }) => ({ ids: [...ids, assetId.toLowerCase()], since: Date.now() }));
          dispatch(appActions.showNotification(t('manage.media.uploaded', { name: file.name })));
          void invalidate();
        },
        onError: (error) => {
          running.current = null;
          setProgress(null);
          setProblem(uploadProblemOf(error, t));
        },
      },
    );
  };
  const cancel = async () => {
    const current = running.current;
    running.current = null;
    setProgress(null);
    await current?.cancel();
    dispatch(appActions.showNotification(t('manage.media.cancelled')));
  };

  const percent = progress && progress.total > 0 ? Math.round((progress.sent / progress.total) * 100) : 0;
  const uploading = progress !== null;
  return (
    <EditorSection id="media-upload" title={t('manage.media.uploadTitle')} intro={t('manage.media.uploadIntro')}>
      <Stack spacing={2}>
        <Typography component="h3" variant="subtitle2" id={`${inputId}-list`}>
          {t('manage.media.listTitle')}
        </Typography>
        {article.media.length === 0 ? (
          <Typography color="text.secondary">{t('manage.media.none')}</Typography>
        ) : (
          <Stack component="ul" aria-labelledby={`${inputId}-list`} spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {article.media.map((media) => (
              <MediaRow key={media.url} file={media} processing={processing.has(media.id.toLowerCase())} />
            ))}
          </Stack>
        )}

        <input
          ref={input}
          id={inputId}
          type="file"
          accept={UPLOAD_ACCEPT}
          className={VISUALLY_HIDDEN_CLASS}
          tabIndex={-1}
          aria-hidden
          data-testid="media-upload-input"
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Button variant="outlined" startIcon={<UploadFileRounded aria-hidden />} disabled={uploading} onClick={() => input.current?.click()}>
            {t('manage.media.choose')}
          </Button>
          {file && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {t('manage.media.chosen', { name: file.name, size: formatBytes(file.size, locale) })}
            </Typography>
          )}
        </Stack>
        {file && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              select
              label={t('manage.media.type')}
              value={type}
              disabled={uploading}
              onChange={(event) => setType(Number(event.target.value) as MediaType)}
              helperText={t('manage.media.typeHelp')}
              sx={{ minWidth: 200 }}
            >
              {enumValues(MediaType).map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`adminContent.mediaType.${value}`)}
                </MenuItem>
              ))}
            </TextField>
            {SPOKEN.includes(type) && (
              <TextField
                label={t('manage.media.language')}
                value={language}
                disabled={uploading}
                onChange={(event) => setLanguage(event.target.value)}
                error={languageInvalid}
                helperText={languageInvalid ? t('manage.media.languageInvalid') : t('manage.media.languageHelp')}
                slotProps={{ htmlInput: { dir: 'ltr', autoComplete: 'off', spellCheck: false } }}
              />
            )}
            <Box sx={{ pt: { sm: 1 } }}>
              <Button variant="contained" disabled={uploading || languageInvalid} onClick={upload}>
                {t('manage.media.upload')}
              </Button>
            </Box>
          </Stack>
        )}
        {uploading && (
          <Stack spacing={0.5}>
            <LinearProgress variant="determinate" value={percent} aria-label={t('manage.media.uploading', { name: file?.name ?? '' })} />
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="body2" color="text.secondary">
                {t('manage.media.progress', {
                  percent: formatNumber(percent / 100, locale, { style: 'percent' }),
                  sent: formatBytes(progress.sent, locale),
                  total: formatBytes(progress.total, locale),
                })}
              </Typography>
              <Button size="small" color="inherit" onClick={() => void cancel()}>
                {t('manage.media.cancel')}
              </Button>
            </Stack>
          </Stack>
        )}
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
      </Stack>
    </EditorSection>
  );
}
