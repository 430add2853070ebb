import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmButtonProps {
  label: string;
  /** The button's accessible name, naming the key it acts on; it starts with `label`. */
  ariaLabel: string;
  title: string;
  body: string;
  onConfirm: () => void;
  disabled?: boolean;
  color?: ButtonProps['color'];
}

/** A button for a change that cannot be taken back (revoking or rotating a key): it asks first. */
export function ConfirmButton({ label, ariaLabel, title, body, onConfirm, disabled, color = 'error' }: ConfirmButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const bodyId = useId();
  return (
    <>
      <Button color={color} variant="outlined" size="small" disabled={disabled} aria-label={ariaLabel} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} aria-describedby={bodyId}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={bodyId}>{body}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('vendor.cancel')}</Button>
          <Button
            color={color}
            variant="contained"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {label}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
