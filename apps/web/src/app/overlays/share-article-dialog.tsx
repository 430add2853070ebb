import ContentCopy from '@mui/icons-material/ContentCopy';
import IosShare from '@mui/icons-material/IosShare';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths';
import { useLastPresent } from '../hooks/use-last-present';
import { appActions, useAppDispatch, useAppSelector } from '../state';

function canShareNatively(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** Shares state.shareArticle: its /v/{id} link to copy, and the system share sheet where there is one. */
export function ShareArticleDialog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const requested = useAppSelector((state) => state.shareArticle);
  const article = useLastPresent(requested);
  const close = () => dispatch(appActions.setShareArticle(null));
  const link = article ? new URL(paths.article.href(article.id), window.location.origin).href : '';

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link);
      dispatch(appActions.showNotification(t('share.copied'), 'success'));
    } catch {
      // Clipboard access is the browser's call (permissions, insecure context); nothing to report.
      dispatch(appActions.showNotification(t('share.copyFailed'), 'error'));
    }
  }

  async function shareNatively() {
    try {
      await navigator.share({ title: article?.title, url: link });
      close();
    } catch {
      // The person dismissed the share sheet, or the browser refused; the dialog stays open.
    }
  }

  return (
    <Dialog open={requested !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby="share-article-title">
      <DialogTitle id="share-article-title">{t('share.title')}</DialogTitle>
      <DialogContent>
        {article && (
          <TextField
            label={t('share.linkLabel')}
            value={link}
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { readOnly: true, dir: 'ltr' } }}
            onFocus={(event) => event.target.select()}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {canShareNatively() && (
          <Button onClick={() => void shareNatively()} startIcon={<IosShare aria-hidden />}>
            {t('share.native')}
          </Button>
        )}
        <Button variant="contained" onClick={() => void copyLink()} startIcon={<ContentCopy aria-hidden />}>
          {t('share.copy')}
        </Button>
        <Button onClick={close}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
