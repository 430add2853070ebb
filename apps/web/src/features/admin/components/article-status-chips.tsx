import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { ReviewStatus, type AdminArticle } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { ARTICLE_STATUS_COLOURS, REVIEW_STATUS_COLOURS } from '../lib/article-review';

/**
 * An article's state as small labels: its status and review status (SPEC §3), and whether its
 * summary is the AI's (what reject-summary applies to).
 */
export function ArticleStatusChips({ article, wrap = true }: { article: Pick<AdminArticle, 'status' | 'reviewStatus' | 'summaryByAi' | 'live'>; wrap?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" useFlexGap sx={{ gap: 0.5, flexWrap: wrap ? 'wrap' : 'nowrap', alignItems: 'center' }}>
      <Chip
        size="small"
        color={ARTICLE_STATUS_COLOURS[article.status]}
        variant={article.live ? 'filled' : 'outlined'}
        label={article.live ? t('adminContent.articles.live') : t(`adminContent.articleStatus.${article.status}`)}
      />
      {article.reviewStatus !== ReviewStatus.NONE && (
        <Chip size="small" color={REVIEW_STATUS_COLOURS[article.reviewStatus]} variant="outlined" label={t(`adminContent.reviewStatus.${article.reviewStatus}`)} />
      )}
      {article.summaryByAi && <Chip size="small" variant="outlined" label={t('adminContent.articles.aiSummary')} />}
    </Stack>
  );
}
