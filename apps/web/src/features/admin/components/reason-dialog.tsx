import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ARTICLE_REVIEW_NOTE_MAX } from '@newsreel/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  body: string;
  /** The reason field's label. */
  label: string;
  confirm: string;
  /** needs-work must say why (the server refuses a blank reason); reject-summary may leave it to a standard note. */
  required: boolean;
  submitting: boolean;
  onClose: () => void;
  /** The reason, trimmed ('' when left out); resolves once sent, rejects when refused (the dialog stays open). */
  onConfirm: (reason: string) => Promise<unknown>;
}

/** Asks the moderator what the publisher must change, before the article goes back to them. */
export function ReasonDialog({ open, title, body, label, confirm, required, submitting, onClose, onConfirm }: ReasonDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const close = () => {
    setReason('');
    setMissing(false);
    onClose();
  };
  return (
    <Dialog open={open} onClose={submitting ? undefined : close} aria-labelledby={titleId} aria-describedby={bodyId} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const text = reason.trim();
          if (required && text === '') {
            setMissing(true);
            return;
          }
          onConfirm(text).then(close, () => {
            // The refusal is in the notification bar; what was typed stays.
          });
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={bodyId} sx={{ mb: 2 }}>
            {body}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            label={label}
            required={required}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (event.target.value.trim() !== '') setMissing(false);
            }}
            error={missing}
            helperText={missing ? t('adminContent.validation.reasonRequired') : t('adminContent.validation.charactersLeft', { left: formatNumber(ARTICLE_REVIEW_NOTE_MAX - reason.length, i18n.resolvedLanguage ?? 'en') })}
            slotProps={{ htmlInput: { maxLength: ARTICLE_REVIEW_NOTE_MAX, dir: 'auto' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={submitting}>
            {t('adminContent.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="warning" disabled={submitting}>
            {confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
