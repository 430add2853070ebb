import ShareOutlined from '@mui/icons-material/ShareOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Territory } from '@newsreel/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useArticle } from '../api/get-article';

const territoryKeys: Partial<Record<Territory, string>> = {
  [Territory.LOCAL]: 'territory.local',
  [Territory.STATE]: 'territory.state',
  [Territory.NATIONAL]: 'territory.national',
  [Territory.GLOBAL]: 'territory.global',
};

/** /v/:articleId: the article's headline facts, and the way to share it. */
export function ArticlePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const articleId = useParams().articleId ?? '';
  const { data: article, error, isPending, refetch } = useArticle(articleId);

  // While this page shows an article it is the current one (polls and sharing read it).
  useEffect(() => {
    if (!article) return;
    dispatch(appActions.setCurrentArticle(article));
    return () => dispatch(appActions.setCurrentArticle(null));
  }, [article, dispatch]);

  if (isPending) {
    return (
      <Container maxWidth="md" sx={{ py: 6 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} aria-hidden />
          <Typography>{t('article.loading', { id: articleId })}</Typography>
        </Stack>
      </Container>
    );
  }

  if (error) {
    // 400 is the server refusing a malformed id: no article can have it, so it is "not found" too.
    const notFound = isApiError(error) && (error.status === 404 || error.status === 400);
    return (
      <Container maxWidth="md" sx={{ py: 6 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {notFound ? t('article.notFound') : t('article.loadFailed')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {!notFound && (
            <Button variant="contained" onClick={() => void refetch()}>
              {t('common.retry')}
            </Button>
          )}
          <Link component={RouterLink} to={paths.home.href()}>
            {t('common.backHome')}
          </Link>
        </Stack>
      </Container>
    );
  }

  const territoryKey = territoryKeys[article.territory];
  return (
    <Container maxWidth="md" component="article" sx={{ py: 6 }}>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
        {article.breaking && <Chip color="error" label={t('article.breaking')} />}
        {territoryKey && <Chip variant="outlined" label={t(territoryKey)} />}
        {article.location && <Chip variant="outlined" label={article.location.name} />}
      </Stack>
      <Typography variant="h3" component="h1" gutterBottom>
        {article.title}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {t('article.publishedBy', { publisher: article.publisher.name })}
      </Typography>
      <Typography sx={{ mt: 2, maxWidth: '70ch' }}>{article.description}</Typography>
      <Button
        variant="outlined"
        startIcon={<ShareOutlined aria-hidden />}
        onClick={() => dispatch(appActions.setShareArticle(article))}
        sx={{ mt: 2 }}
      >
        {t('article.share')}
      </Button>
    </Container>
  );
}
