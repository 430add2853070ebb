import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type AdminArticle, type PosterChange } from '@newsreel/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { appActions, useAppDispatch } from '../../../app/state';
import { EditorSection } from '../../admin/components/editor-section';
import { uploadedMediaOf, useImportThumbnail } from '../api/player-media';
import { PosterResult } from './keyframe-picker';

const WEB_ADDRESS = /^https?:\/\/[^\s/]+\S*$/;

/**
 * The article's poster from an image at a web address (PUT …/media/{id}/thumbnail/import, naming
 * one of the article's uploaded files). The server reads the address, refusing private networks;
 * its refusal is shown under the field.
 */
export function ThumbnailImport({ article }: { article: AdminArticle }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [url, setUrl] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [change, setChange] = useState<PosterChange | null>(null);
  const imported = useImportThumbnail();
  // Any of the article's uploaded files names the article to the server.
  const asset = uploadedMediaOf(article.media)[0];

  if (!asset) {
    return (
      <EditorSection id="thumbnail-import" title={t('manage.media.thumbnailTitle')}>
        <Alert severity="info">{t('manage.media.thumbnailNoMedia')}</Alert>
      </EditorSection>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = url.trim();
    if (!WEB_ADDRESS.test(address)) return setInvalid(true);
    setInvalid(false);
    imported.mutate(
      { assetId: asset.id, url: address },
      {
        onSuccess: (answer) => {
          setChange(answer);
          dispatch(appActions.showNotification(t('manage.media.thumbnailImported')));
        },
      },
    );
  };

  const problem = invalid ? t('manage.media.thumbnailUrlInvalid') : imported.isError ? t('manage.media.thumbnailFailed', { message: imported.error.message }) : null;
  return (
    <EditorSection id="thumbnail-import" title={t('manage.media.thumbnailTitle')} intro={t('manage.media.thumbnailIntro')}>
      <Stack spacing={2}>
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <TextField
            label={t('manage.media.thumbnailUrl')}
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
              setInvalid(false);
              imported.reset();
            }}
            error={problem !== null}
            helperText={problem ?? t('manage.media.thumbnailUrlHelp')}
            type="url"
            slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'url', autoComplete: 'off', spellCheck: false, maxLength: 2048 } }}
            sx={{ flex: '1 1 320px' }}
          />
          <Button type="submit" variant="contained" disabled={imported.isPending} sx={{ mt: 1 }}>
            {t('manage.media.thumbnailImport')}
          </Button>
        </Box>
        {change && <PosterResult change={change} />}
      </Stack>
    </EditorSection>
  );
}
