import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ApiKeyShownDialogProps {
  /** The new key: its name and the key itself. */
  created: { name: string; key: string };
  /** Whom it acts for (a vendor's name, a user's email), shown under its name. */
  owner: string;
  onClose: () => void;
}

/**
 * The new API key, shown this once (only its hash is kept): a warning that says so, the key to
 * copy, and a button that copies it. The dialog closes only by its button, not by a stray click
 * beside it. Shared by the admin console's keys and the vendor's own page (strings: `apiKeys`).
 */
export function ApiKeyShownDialog({ created, owner, onClose }: ApiKeyShownDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);

  const copy = async () => {
    // Selected first, so it can be copied by hand where the clipboard is not open to the page.
    input.current?.select();
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };

  return (
    <Dialog open onClose={(_event, reason) => reason !== 'backdropClick' && onClose()} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('apiKeys.shownTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{t('apiKeys.shownWarning')}</Alert>
          <Typography variant="body2" color="text.secondary">
            <bdi style={{ fontWeight: 600 }}>{created.name}</bdi>
            {owner && (
              <>
                {' · '}
                <bdi>{owner}</bdi>
              </>
            )}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              inputRef={input}
              label={t('apiKeys.keyLabel')}
              value={created.key}
              fullWidth
              onFocus={(event) => event.target.select()}
              slotProps={{ htmlInput: { readOnly: true, dir: 'ltr', spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
            <Button variant="outlined" startIcon={<ContentCopyRounded aria-hidden />} onClick={() => void copy()} sx={{ minHeight: 56, flexShrink: 0 }}>
              {t('apiKeys.copy')}
            </Button>
          </Stack>
          <Typography variant="body2" role="status" color={copied === 'no' ? 'warning.main' : 'success.main'} sx={{ minHeight: '1.5em' }}>
            {copied === 'yes' ? t('apiKeys.copied') : copied === 'no' ? t('apiKeys.copyFailed') : ''}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('apiKeys.stored')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
