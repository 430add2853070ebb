import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appActions, normaliseRegionIds, useAppDispatch } from '../../../app/state';
import { trackRegionChange } from '../../../lib/analytics-events';
import { useUserRegionIds } from '../hooks/use-user-regions';
import { RegionChoices } from './region-choices';

export interface RegionChooserDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The region chooser as a dialog (full screen on phones): ticks are a draft until "Save". */
export function RegionChooserDialog({ open, onClose }: RegionChooserDialogProps) {
  const titleId = useId();
  const helpId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={helpId} fullScreen={fullScreen} maxWidth="md" fullWidth scroll="paper">
      {/* Mounted only while open, so every opening starts from the saved choice. */}
      {open && <RegionChooserDialogBody titleId={titleId} helpId={helpId} onClose={onClose} />}
    </Dialog>
  );
}

function RegionChooserDialogBody({ titleId, helpId, onClose }: { titleId: string; helpId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [savedRegionIds, saveRegionIds] = useUserRegionIds();
  const [draft, setDraft] = useState<number[]>(savedRegionIds);

  function save() {
    const chosen = normaliseRegionIds(draft);
    if (chosen.join() !== savedRegionIds.join()) trackRegionChange(chosen);
    saveRegionIds(chosen);
    dispatch(appActions.showNotification(t('regionChooser.saved'), 'success'));
    onClose();
  }

  return (
    <>
      <DialogTitle id={titleId}>{t('regionChooser.dialogTitle')}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText id={helpId} sx={{ mb: 2 }}>
          {t('regionChooser.help')}
        </DialogContentText>
        <RegionChoices selected={draft} onChange={setDraft} describedBy={helpId} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button color="inherit" onClick={onClose}>
          {t('regionChooser.cancel')}
        </Button>
        <Button variant="contained" onClick={save}>
          {t('regionChooser.save')}
        </Button>
      </DialogActions>
    </>
  );
}
