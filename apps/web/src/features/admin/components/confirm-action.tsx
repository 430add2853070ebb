import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmActionProps {
  /** The button's text ("Suspend"). */
  label: string;
  /** The button's accessible name when its text alone does not say what it acts on ("Revoke key Access Key"); it starts with `label`. */
  ariaLabel?: string;
  title: string;
  body: string;
  /** The dialog's button that does it ("Suspend"); `label` when left out. */
  confirmLabel?: string;
  onConfirm: () => void;
  disabled?: boolean;
  startIcon?: ReactNode;
  color?: ButtonProps['color'];
  size?: ButtonProps['size'];
}

/** A button for a change that is hard to take back (suspending an account, revoking a key): it asks first, in a dialog. */
export function ConfirmAction({ label, ariaLabel, title, body, confirmLabel, onConfirm, disabled, startIcon, color = 'error', size }: ConfirmActionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const bodyId = useId();
  return (
    <>
      <Button color={color} variant="outlined" size={size} startIcon={startIcon} disabled={disabled} aria-label={ariaLabel} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} aria-describedby={bodyId}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={bodyId}>{body}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('adminPolls.cancel')}</Button>
          <Button
            color={color}
            variant="contained"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {confirmLabel ?? label}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
