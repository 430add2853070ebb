import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import {
  ARTICLE_LANGUAGE_PATTERN,
  PUBLISHER_COLOURS,
  PUBLISHER_COLOUR_MAX,
  PUBLISHER_DESCRIPTION_MAX,
  PUBLISHER_IMAGE_FILE_TYPES,
  PUBLISHER_IMAGE_MAX_BYTES,
  PUBLISHER_IMAGES,
  PUBLISHER_NAME_MAX,
  PUBLISHER_WEBSITE_MAX,
  isColour,
  type ManagedPublisher,
  type ManagePublisherBrandingBody,
  type PublisherColour,
  type PublisherImageKind,
} from '@newsreel/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appActions, useAppDispatch, useAppSelector } from '../../../app/state';
import { errorResponseOf, isApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { VISUALLY_HIDDEN_CLASS } from '../../../lib/visually-hidden';
import { EditorSection } from '../../admin/components/editor-section';
import { EnumSelect } from '../../admin/components/enum-select';
import { LoadFailed } from '../../admin/components/load-failed';
import { PageHeading } from '../../admin/components/page-heading';
import { useRegionOptions } from '../../admin/hooks/use-region-options';
import { PublisherCard } from '../../publishers/components/publisher-card';
import { usePublisherSettings, useUpdatePublisherBranding, useUpdatePublisherSettings, useUploadPublisherImage } from '../api/publisher-settings';
import { useIsPublisherAdmin } from '../components/studio-layout';

const LANGUAGE = new RegExp(ARTICLE_LANGUAGE_PATTERN);
const WEB_ADDRESS = /^https?:\/\/[^\s/]+\S*$/;
const MAX_MB = PUBLISHER_IMAGE_MAX_BYTES / 1024 / 1024;

/** The API's refusal in its own words (it names the field), else the generic message. */
function useRefusalOf() {
  const { t } = useTranslation();
  return (error: unknown) => (isApiError(error) ? (errorResponseOf(error.response.data)?.message ?? t('errors.generic')) : t('errors.generic'));
}

function DetailsForm({ publisher }: { publisher: ManagedPublisher }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const refusalOf = useRefusalOf();
  const regions = useRegionOptions();
  const update = useUpdatePublisherSettings(publisher.id);
  const [name, setName] = useState(publisher.name);
  const [description, setDescription] = useState(publisher.description);
  const [website, setWebsite] = useState(publisher.website ?? '');
  const [language, setLanguage] = useState(publisher.defaultLanguage);
  const [regionId, setRegionId] = useState(publisher.defaultRegionId);
  const problems = {
    name: name.trim() === '' ? t('adminContent.validation.required') : undefined,
    website: website.trim() !== '' && !WEB_ADDRESS.test(website.trim()) ? t('adminContent.validation.webAddress') : undefined,
    language: LANGUAGE.test(language.trim()) ? undefined : t('adminContent.validation.language'),
  };
  const valid = Object.values(problems).every((problem) => problem === undefined);
  return (
    <EditorSection id="details" title={t('manage.settings.details')}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        aria-label={t('manage.settings.details')}
        onSubmit={(event) => {
          event.preventDefault();
          if (!valid) return;
          update.mutate(
            { name: name.trim(), description: description.trim(), website: website.trim() || null, defaultLanguage: language.trim(), defaultRegionId: regionId },
            { onSuccess: () => dispatch(appActions.showNotification(t('manage.settings.saved'))) },
          );
        }}
      >
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField label={t('adminContent.fields.name')} value={name} onChange={(event) => setName(event.target.value)} required fullWidth error={Boolean(problems.name)} helperText={problems.name} slotProps={{ htmlInput: { maxLength: PUBLISHER_NAME_MAX, dir: 'auto' } }} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField label={t('adminContent.fields.website')} value={website} onChange={(event) => setWebsite(event.target.value)} fullWidth error={Boolean(problems.website)} helperText={problems.website} type="url" slotProps={{ htmlInput: { maxLength: PUBLISHER_WEBSITE_MAX, dir: 'ltr' } }} />
          </Grid>
          <Grid size={12}>
            <TextField label={t('adminContent.fields.description')} value={description} onChange={(event) => setDescription(event.target.value)} fullWidth multiline minRows={2} slotProps={{ htmlInput: { maxLength: PUBLISHER_DESCRIPTION_MAX, dir: 'auto' } }} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label={t('manage.settings.defaultLanguage')} value={language} onChange={(event) => setLanguage(event.target.value)} required fullWidth error={Boolean(problems.language)} helperText={problems.language ?? t('adminContent.article.languageHelp')} slotProps={{ htmlInput: { maxLength: 8, dir: 'ltr', spellCheck: false } }} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <EnumSelect fullWidth label={t('manage.settings.defaultRegion')} value={regionId} options={regions.options.map((region) => region.id)} labelOf={regions.labelOf} onChange={(id) => id !== '' && setRegionId(id)} />
          </Grid>
        </Grid>
        {update.isError && <Alert severity="error">{refusalOf(update.error)}</Alert>}
        <Stack direction="row">
          <Button type="submit" variant="contained" disabled={!valid || update.isPending}>
            {t('adminContent.save')}
          </Button>
        </Stack>
      </Stack>
    </EditorSection>
  );
}

function BrandingForm({ publisher }: { publisher: ManagedPublisher }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const refusalOf = useRefusalOf();
  const update = useUpdatePublisherBranding(publisher.id);
  const [colours, setColours] = useState<Record<PublisherColour, string>>(() => ({
    primaryColour: publisher.branding.primaryColour ?? '',
    secondaryColour: publisher.branding.secondaryColour ?? '',
    backgroundColour: publisher.branding.backgroundColour ?? '',
  }));
  const problemOf = (value: string) =>
    value.trim() === '' || isColour(value) ? undefined : t('adminContent.validation.colour', { examples: new Intl.ListFormat(i18n.resolvedLanguage ?? 'en', { type: 'disjunction' }).format(['#0A84FF', 'rgb(10, 132, 255)', 'hsl(211, 100%, 52%)']) });
  const valid = PUBLISHER_COLOURS.every((name) => problemOf(colours[name]) === undefined);
  // The card as readers will see it: the colours typed so far (those that are colours).
  const branding = { ...publisher.branding };
  for (const name of PUBLISHER_COLOURS) {
    if (colours[name].trim() && isColour(colours[name])) branding[name] = colours[name].trim();
    else delete branding[name];
  }
  return (
    <EditorSection id="branding" title={t('manage.settings.branding')} intro={t('manage.settings.brandingIntro')}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack
            component="form"
            noValidate
            spacing={2}
            aria-label={t('manage.settings.branding')}
            onSubmit={(event) => {
              event.preventDefault();
              if (!valid) return;
              const body: ManagePublisherBrandingBody = {};
              for (const name of PUBLISHER_COLOURS) body[name] = colours[name].trim() || null;
              update.mutate(body, { onSuccess: () => dispatch(appActions.showNotification(t('manage.settings.saved'))) });
            }}
          >
            {PUBLISHER_COLOURS.map((name) => {
              const problem = problemOf(colours[name]);
              return (
                <TextField
                  key={name}
                  label={t(`manage.settings.colour.${name}`)}
                  value={colours[name]}
                  onChange={(event) => setColours((current) => ({ ...current, [name]: event.target.value }))}
                  error={problem !== undefined}
                  helperText={problem ?? t('manage.settings.colourHelp')}
                  fullWidth
                  slotProps={{
                    htmlInput: { maxLength: PUBLISHER_COLOUR_MAX, dir: 'ltr', spellCheck: false },
                    input: {
                      startAdornment: isColour(colours[name]) && (
                        <Box aria-hidden sx={{ width: 18, height: 18, borderRadius: 0.5, marginInlineEnd: 1, flexShrink: 0, bgcolor: colours[name].trim(), border: 1, borderColor: 'divider' }} />
                      ),
                    },
                  }}
                />
              );
            })}
            {update.isError && <Alert severity="error">{refusalOf(update.error)}</Alert>}
            <Stack direction="row">
              <Button type="submit" variant="contained" disabled={!valid || update.isPending}>
                {t('manage.settings.saveColours')}
              </Button>
            </Stack>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
            {t('manage.settings.preview')}
          </Typography>
          {/* The reader's own card, drawn with what is typed (it links to the public page). */}
          <Box sx={{ maxWidth: 360 }}>
            <PublisherCard publisher={{ ...publisher, branding }} />
          </Box>
        </Grid>
      </Grid>
    </EditorSection>
  );
}

function ImageUpload({ publisher, kind, upload }: { publisher: ManagedPublisher; kind: PublisherImageKind; upload: ReturnType<typeof useUploadPublisherImage> }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const refusalOf = useRefusalOf();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const url = kind === 'logo' ? publisher.logoUrl : publisher.bannerUrl;
  const progress = upload.progress?.kind === kind ? upload.progress.fraction : null;
  const waiting = publisher.assets[kind] !== null && publisher.assets[kind]?.url === null;
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
        {t(`manage.settings.image.${kind}`)}
      </Typography>
      {url ? (
        <Box component="img" src={url} alt={t(`manage.settings.image.${kind}Alt`, { name: publisher.name })} sx={{ maxWidth: '100%', maxHeight: kind === 'logo' ? 96 : 140, objectFit: 'contain', alignSelf: 'flex-start', borderRadius: 1, bgcolor: 'action.hover' }} />
      ) : (
        <Typography color="text.secondary">{waiting ? t('manage.settings.image.waiting') : t('manage.settings.image.none')}</Typography>
      )}
      <Box>
        <input
          ref={input}
          type="file"
          accept={PUBLISHER_IMAGE_FILE_TYPES.join(',')}
          className={VISUALLY_HIDDEN_CLASS}
          tabIndex={-1}
          aria-hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            if (!(PUBLISHER_IMAGE_FILE_TYPES as readonly string[]).includes(file.type)) return setProblem(t('manage.settings.image.wrongType'));
            if (file.size > PUBLISHER_IMAGE_MAX_BYTES) return setProblem(t('manage.settings.image.tooLarge', { max: MAX_MB }));
            setProblem(null);
            upload.mutate({ kind, file }, { onSuccess: () => dispatch(appActions.showNotification(t('manage.settings.image.uploaded'))), onError: (error) => setProblem(refusalOf(error)) });
          }}
        />
        <Button variant="outlined" startIcon={<UploadFileRounded aria-hidden />} disabled={upload.isPending} onClick={() => input.current?.click()}>
          {t(`manage.settings.image.choose.${kind}`)}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('manage.settings.image.help', { max: MAX_MB })}
      </Typography>
      {progress !== null && (
        <Stack spacing={0.5}>
          <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={t('manage.settings.image.uploading')} />
          <Typography variant="body2">{t('manage.settings.image.progress', { percent: formatNumber(progress, i18n.resolvedLanguage ?? 'en', { style: 'percent' }) })}</Typography>
        </Stack>
      )}
      {problem && <Alert severity="error">{problem}</Alert>}
    </Stack>
  );
}

/** `/manage/settings`: the active publisher's details, colours (with its card as readers see it) and logo and banner; for its admins. */
export function SettingsPage() {
  const { t } = useTranslation();
  const publisherId = useAppSelector((state) => state.user?.activePublisherId ?? '');
  const admin = useIsPublisherAdmin();
  const settings = usePublisherSettings(publisherId);
  const upload = useUploadPublisherImage(publisherId);
  if (!admin) {
    return (
      <>
        <PageHeading title={t('manage.settings.title')} />
        <Alert severity="info">{t('manage.settings.adminsOnly')}</Alert>
      </>
    );
  }
  if (settings.isPending) {
    return (
      <Stack sx={{ py: 8, alignItems: 'center' }}>
        <CircularProgress aria-label={t('manage.settings.loading')} />
      </Stack>
    );
  }
  if (settings.isError) return <LoadFailed message={t('manage.settings.loadFailed')} onRetry={() => void settings.refetch()} />;
  const publisher = settings.data;
  return (
    <>
      <PageHeading title={t('manage.settings.title')} intro={t('manage.settings.intro')} />
      <Stack spacing={2}>
        <DetailsForm key={`details-${publisher.updatedAt}`} publisher={publisher} />
        <BrandingForm key={`branding-${publisher.updatedAt}`} publisher={publisher} />
        <EditorSection id="images" title={t('manage.settings.images')}>
          <Grid container spacing={3}>
            {PUBLISHER_IMAGES.map((kind) => (
              <Grid key={kind} size={{ xs: 12, md: 6 }}>
                <ImageUpload publisher={publisher} kind={kind} upload={upload} />
              </Grid>
            ))}
          </Grid>
        </EditorSection>
      </Stack>
    </>
  );
}
