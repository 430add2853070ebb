import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PhotoCameraRounded from '@mui/icons-material/PhotoCameraRounded';
import { MediaType, type AdminArticle, type PosterChange } from '@newsreel/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appActions, useAppDispatch } from '../../../app/state';
import { formatDate, formatNumber } from '../../../lib/format';
import { EditorSection } from '../../admin/components/editor-section';
import { uploadedMediaOf, usePickKeyframe } from '../api/player-media';

const VIDEO_TYPES: MediaType[] = [MediaType.VIDEO, MediaType.DUBBED_VIDEO];
/** The slider's step, in seconds: a tenth, about three frames. */
const STEP = 0.1;

/** A time in seconds, in the language's digits and unit: "1.5 s". */
export function formatSeconds(seconds: number, language: string): string {
  return formatNumber(seconds, language, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: 1 });
}

/** The poster a key frame or an import made, and when readers see it. */
export function PosterResult({ change }: { change: PosterChange }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box
        component="img"
        src={change.posterUrl}
        alt={t('manage.media.newPosterAlt')}
        sx={{ display: 'block', width: 320, maxWidth: '100%', aspectRatio: '16 / 9', objectFit: 'contain', borderRadius: 2, bgcolor: '#000' }}
      />
      <Typography variant="body2" color="text.secondary">
        {change.applied ? t('manage.media.posterApplied') : t('manage.media.posterLater', { date: formatDate(change.appliesAt, language) })}
      </Typography>
    </Stack>
  );
}

/**
 * The article's poster from a frame of its uploaded video: the publisher scrubs the video (with the
 * slider, its own controls or the keyboard), and the frame at the current second becomes the
 * poster (PUT …/media/{id}/keyframe).
 */
export function KeyframePicker({ article }: { article: AdminArticle }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dispatch = useAppDispatch();
  const videos = uploadedMediaOf(article.media).filter((file) => VIDEO_TYPES.includes(file.type));
  const [chosenId, setChosenId] = useState<string | null>(null);
  // The newest upload unless another is chosen: the API lists an article's media of a type oldest first.
  const video = videos.find((file) => file.id === chosenId) ?? videos.at(-1);
  const element = useRef<HTMLVideoElement>(null);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState<number | null>(null);
  const pick = usePickKeyframe();
  const [change, setChange] = useState<PosterChange | null>(null);

  if (!video) {
    return (
      <EditorSection id="keyframe" title={t('manage.media.keyframeTitle')}>
        <Alert severity="info">{t('manage.media.keyframeNoVideo')}</Alert>
      </EditorSection>
    );
  }

  const end = duration ?? video.durationSeconds ?? 0;
  const seek = (seconds: number) => {
    setPosition(seconds);
    if (element.current) element.current.currentTime = seconds;
  };
  const use = () => {
    // To a tenth of a second (the video's own time may be a hair off the slider's), never past the end the server measured.
    const second = Math.min(Math.round(position * 10) / 10, video.durationSeconds ?? Number.POSITIVE_INFINITY);
    pick.mutate(
      { assetId: video.id, articleId: article.id, position: second },
      {
        onSuccess: (answer) => {
          setChange(answer);
          dispatch(appActions.showNotification(t('manage.media.keyframePicked', { position: formatSeconds(second, language) })));
        },
      },
    );
  };

  return (
    <EditorSection id="keyframe" title={t('manage.media.keyframeTitle')} intro={t('manage.media.keyframeIntro')}>
      <Stack spacing={2}>
        {videos.length > 1 && (
          <TextField
            select
            label={t('manage.media.keyframeVideo')}
            value={video.id}
            onChange={(event) => {
              setChosenId(event.target.value);
              setDuration(null);
              setPosition(0);
              setChange(null);
            }}
            sx={{ maxWidth: 420 }}
          >
            {videos.map((file, index) => (
              <MenuItem key={file.id} value={file.id}>
                {t('manage.media.keyframeVideoOption', { number: index + 1, type: t(`adminContent.mediaType.${file.type}`) })}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Box
          component="video"
          key={video.id}
          ref={element}
          src={video.url}
          controls
          muted
          playsInline
          preload="auto"
          aria-label={t('manage.media.keyframeVideoLabel')}
          onLoadedMetadata={(event) => {
            const seconds = event.currentTarget.duration;
            if (Number.isFinite(seconds)) setDuration(seconds);
          }}
          onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
          onSeeked={(event) => setPosition(event.currentTarget.currentTime)}
          sx={{ display: 'block', width: 480, maxWidth: '100%', aspectRatio: '16 / 9', borderRadius: 2, bgcolor: '#000' }}
        />
        <Box sx={{ px: 1, maxWidth: 480 }}>
          <Slider
            value={Math.min(position, end)}
            min={0}
            max={end}
            step={STEP}
            disabled={end <= 0}
            onChange={(_event, value) => seek(Array.isArray(value) ? value[0]! : value)}
            getAriaValueText={(value) => formatSeconds(value, language)}
            valueLabelDisplay="auto"
            valueLabelFormat={(value) => formatSeconds(value, language)}
            slotProps={{ input: { 'aria-label': t('manage.media.keyframePosition') } }}
          />
        </Box>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Typography>{t('manage.media.keyframeAt', { position: formatSeconds(position, language) })}</Typography>
          <Button variant="contained" startIcon={<PhotoCameraRounded aria-hidden />} disabled={pick.isPending} onClick={use}>
            {t('manage.media.keyframeUse')}
          </Button>
        </Stack>
        {pick.isError && (
          <Alert severity="error" role="alert">
            {t('manage.media.keyframeFailed', { message: pick.error.message })}
          </Alert>
        )}
        {change && <PosterResult change={change} />}
      </Stack>
    </EditorSection>
  );
}
