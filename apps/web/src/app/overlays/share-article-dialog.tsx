import ContentCopy from '@mui/icons-material/ContentCopy';
import IosShare from '@mui/icons-material/IosShare';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { apiPaths } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { trackArticleEvent } from '../../lib/analytics-events';
import { fullSiteUrl } from '../../lib/embedded';
import { env } from '../../lib/env';
import { paths } from '../../lib/paths';
import { useLastPresent } from '../hooks/use-last-present';
import { appActions, useAppDispatch, useAppSelector } from '../state';

/** Preview images are drawn at 1200 × 630, the size link previews use. */
const PREVIEW_RATIO = '1200 / 630';

function canShareNatively(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** The article's address on the full site (not the embedded one a publisher's page shows). */
function articleLink(articleId: string): string {
  const { protocol, hostname, port } = window.location;
  return fullSiteUrl({ protocol, hostname, port, pathname: paths.article.href(articleId), search: '' }, env.siteUrl);
}

/**
 * Shares state.shareArticle: the preview image a shared link shows, its /v/{id} link to copy,
 * and the system share sheet where there is one.
 */
export function ShareArticleDialog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const requested = useAppSelector((state) => state.shareArticle);
  const apiBase = useAppSelector((state) => state.api);
  const article = useLastPresent(requested);
  const close = () => dispatch(appActions.setShareArticle(null));
  const link = article ? articleLink(article.id) : '';

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link);
      if (article) trackArticleEvent('Share', article, { shareMethod: 'copy' });
      dispatch(appActions.showNotification(t('share.copied'), 'success'));
    } catch {
      // Clipboard access is the browser's call (permissions, insecure context); nothing to report.
      dispatch(appActions.showNotification(t('share.copyFailed'), 'error'));
    }
  }

  async function shareNatively() {
    try {
      await navigator.share({ title: article?.title, url: link });
      if (article) trackArticleEvent('Share', article, { shareMethod: 'native' });
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
          <>
            <Box
              component="figure"
              sx={{ m: 0, mb: 2, border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', bgcolor: 'background.default' }}
            >
              <Box
                component="img"
                src={`${apiBase}${apiPaths.articleOgImage(article.id)}`}
                alt={t('share.previewAlt', { title: article.title })}
                sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: PREVIEW_RATIO, objectFit: 'cover', bgcolor: 'grey.900' }}
              />
              <Typography component="figcaption" variant="caption" color="text.secondary" sx={{ display: 'block', px: 1.5, py: 1 }}>
                {t('share.previewCaption')}
              </Typography>
            </Box>
            <TextField
              label={t('share.linkLabel')}
              value={link}
              fullWidth
              margin="dense"
              slotProps={{ htmlInput: { readOnly: true, dir: 'ltr' } }}
              onFocus={(event) => event.target.select()}
            />
          </>
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
