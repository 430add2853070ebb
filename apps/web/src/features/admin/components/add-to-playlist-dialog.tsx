import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { AdminPlaylist } from '@newsreel/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appActions, useAppDispatch } from '../../../app/state';
import { formatNumber } from '../../../lib/format';
import { useAddCollectionArticles, useAdminPlaylists } from '../api/admin-collections';
import { isolate } from '../lib/isolate';
import { refusalOf } from '../lib/refusal';

const MATCHES = 10;

/** The playlist to add the ticked articles to, found by its name; the batch is sent from here. */
export function AddToPlaylistDialog({ articleIds, onClose, onAdded }: { articleIds: readonly string[]; onClose: () => void; onAdded: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const titleId = useId();
  const dispatch = useAppDispatch();
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const [playlist, setPlaylist] = useState<AdminPlaylist | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQ(input.trim()), 300);
    return () => clearTimeout(timer);
  }, [input]);
  const typed = playlist && input === playlist.name ? '' : q;
  const matches = useAdminPlaylists({ page: 1, limit: MATCHES, sort: 'name', order: 'asc', ...(typed ? { q: typed } : {}) });
  const add = useAddCollectionArticles('playlist');
  const number = formatNumber(articleIds.length, language);
  return (
    <Dialog open onClose={add.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('adminCollections.bulk.title', { number })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('adminCollections.bulk.intro')}</DialogContentText>
        <Autocomplete
          value={playlist}
          onChange={(_event, picked) => {
            add.reset();
            setPlaylist(picked);
          }}
          inputValue={input}
          onInputChange={(_event, text) => setInput(text)}
          options={matches.data?.items ?? []}
          filterOptions={(all) => all}
          getOptionLabel={(option) => option.name}
          getOptionKey={(option) => option.id}
          isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
          loading={matches.isFetching}
          loadingText={t('adminContent.loading')}
          noOptionsText={t('adminCollections.playlists.noMatches')}
          renderInput={(params) => <TextField {...params} label={t('adminCollections.bulk.playlist')} required />}
        />
        {add.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {refusalOf(add.error, t('errors.generic'))}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={add.isPending}>
          {t('adminContent.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!playlist || add.isPending}
          onClick={() =>
            playlist &&
            add.mutate(
              { id: playlist.id, articleIds: [...articleIds] },
              {
                onSuccess: () => {
                  dispatch(appActions.showNotification(t('adminCollections.bulk.added', { number, name: isolate(playlist.name) })));
                  onAdded();
                },
              },
            )
          }
        >
          {t('adminCollections.bulk.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
