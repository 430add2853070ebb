import Button from '@mui/material/Button';
import PlaylistAddRounded from '@mui/icons-material/PlaylistAddRounded';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The dialog (a playlist search) loads when the button is first pressed, not with the article list. */
const AddToPlaylistDialog = lazy(() => import('./add-to-playlist-dialog').then((module) => ({ default: module.AddToPlaylistDialog })));

/**
 * A bulk action of the article list: the ticked articles added at the end of a playlist chosen by
 * its name, in one batch (all or nothing: the server names any the playlist holds already).
 */
export function AddToPlaylistButton({ articleIds, onAdded, disabled }: { articleIds: readonly string[]; onAdded: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<PlaylistAddRounded aria-hidden />} disabled={disabled || articleIds.length === 0} onClick={() => setOpen(true)}>
        {t('adminCollections.bulk.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AddToPlaylistDialog
            articleIds={articleIds}
            onClose={() => setOpen(false)}
            onAdded={() => {
              setOpen(false);
              onAdded();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
