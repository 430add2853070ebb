import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDeleteProps {
  /** The button's accessible name ("Delete question 2"). */
  label: string;
  title: string;
  body: string;
  onConfirm: () => void;
  disabled?: boolean;
  /** An icon button (in a row of controls) or a text button. */
  variant?: 'icon' | 'text';
}

/** A delete button that asks first, in a dialog. */
export function ConfirmDelete({ label, title, body, onConfirm, disabled, variant = 'icon' }: ConfirmDeleteProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const bodyId = useId();
  return (
    <>
      {variant === 'icon' ? (
        <IconButton size="small" aria-label={label} title={label} disabled={disabled} onClick={() => setOpen(true)}>
          <DeleteOutlineRounded fontSize="small" />
        </IconButton>
      ) : (
        <Button color="error" variant="outlined" startIcon={<DeleteOutlineRounded aria-hidden />} disabled={disabled} onClick={() => setOpen(true)}>
          {label}
        </Button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} aria-describedby={bodyId}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={bodyId}>{body}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('adminPolls.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {t('adminPolls.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
