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
import type { AdminApiKeyCreated } from '@newsreel/contracts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../lib/isolate';

/**
 * The new key, shown this once (only its hash is kept): a warning that says so, the key to copy,
 * and a button that copies it. The dialog closes only by its button, not by a stray click beside it.
 */
export function ApiKeyShownDialog({ created, onClose }: { created: AdminApiKeyCreated; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const owner = created.vendor?.name ?? created.user?.email ?? '';

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
      <DialogTitle id={titleId}>{t('adminPeople.apiKeys.shownTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{t('adminPeople.apiKeys.shownWarning')}</Alert>
          <Typography variant="body2" color="text.secondary">
            {t('adminPeople.apiKeys.shownFor', { name: isolate(created.name), owner: isolate(owner) })}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              inputRef={input}
              label={t('adminPeople.apiKeys.keyLabel')}
              value={created.key}
              fullWidth
              onFocus={(event) => event.target.select()}
              slotProps={{ htmlInput: { readOnly: true, dir: 'ltr', spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
            <Button variant="outlined" startIcon={<ContentCopyRounded aria-hidden />} onClick={() => void copy()} sx={{ minHeight: 56, flexShrink: 0 }}>
              {t('adminPeople.apiKeys.copy')}
            </Button>
          </Stack>
          <Typography variant="body2" role="status" color={copied === 'no' ? 'warning.main' : 'success.main'} sx={{ minHeight: '1.5em' }}>
            {copied === 'yes' ? t('adminPeople.apiKeys.copied') : copied === 'no' ? t('adminPeople.apiKeys.copyFailed') : ''}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('adminPeople.apiKeys.stored')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
