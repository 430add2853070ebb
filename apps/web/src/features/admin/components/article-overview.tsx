import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import type { AdminArticle } from '@newsreel/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration, formatNumber, languageName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import { useRegionOptions } from '../hooks/use-region-options';
import { ArticleStatusChips } from './article-status-chips';

/** A file's size in the reader's language: 12.4 MB. */
function sizeOf(bytes: number, language: string): string {
  const megabytes = bytes / 1_000_000;
  return megabytes >= 1
    ? formatNumber(megabytes, language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 })
    : formatNumber(bytes / 1000, language, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
}

/**
 * What a moderator reads before deciding: the poster, the publisher, the state, the times of its
 * review and schedule, where it is news of, and its media files; a link to the reader's page once live.
 */
export function ArticleOverview({ article }: { article: AdminArticle }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dateTime = useDateTimeFormat();
  const regions = useRegionOptions();
  const facts: [string, ReactNode][] = [
    [t('adminContent.fields.publisher'), <bdi key="publisher">{article.publisher.name}</bdi>],
    [t('adminContent.fields.state'), <ArticleStatusChips key="state" article={article} />],
    [t('adminContent.columns.waitingSince'), dateTime(article.reviewRequestedAt)],
    [t('adminContent.fields.scheduledAt'), dateTime(article.scheduledAt)],
    [t('adminContent.columns.publishedAt'), dateTime(article.publishedAt)],
    [t('adminContent.columns.createdAt'), dateTime(article.createdAt)],
    [t('adminContent.fields.updatedAt'), dateTime(article.updatedAt)],
    [t('adminContent.fields.language'), languageName(article.language, language)],
    [t('adminContent.fields.duration'), article.durationSeconds === null ? '—' : formatDuration(article.durationSeconds, language)],
    [t('adminContent.fields.regions'), article.regionIds.map(regions.labelOf).join(', ') || '—'],
    [t('adminContent.fields.location'), article.location ? <bdi key="location">{article.location.name}</bdi> : '—'],
  ];
  return (
    <Paper component="section" aria-labelledby="article-overview" variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      {article.poster ? (
        <Box
          component="img"
          src={article.poster}
          alt={t('adminContent.article.posterAlt', { title: article.title })}
          sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', bgcolor: 'action.hover' }}
        />
      ) : (
        <Box sx={{ aspectRatio: '16 / 9', display: 'grid', placeItems: 'center', bgcolor: 'action.hover', color: 'text.secondary' }}>
          <Typography variant="body2">{t('adminContent.article.noPoster')}</Typography>
        </Box>
      )}
      <Stack spacing={2} sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Typography id="article-overview" component="h2" variant="h6" sx={{ fontWeight: 800 }}>
          {t('adminContent.article.overviewTitle')}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(110px, auto) 1fr', columnGap: 2, rowGap: 1 }}>
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box>
          <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
            {t('adminContent.article.mediaTitle')}
          </Typography>
          {article.media.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('adminContent.article.noMedia')}
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {article.media.map((file) => (
                <Typography component="li" variant="body2" key={`${file.type}-${file.url}`} sx={{ overflowWrap: 'anywhere' }}>
                  {t(`adminContent.mediaType.${file.type}`)} · <bdi>{file.fileType}</bdi>
                  {file.language ? ` · ${languageName(file.language, language)}` : ''}
                  {file.fileSize !== null ? ` · ${sizeOf(file.fileSize, language)}` : ''}
                </Typography>
              ))}
            </Box>
          )}
        </Box>
        {article.live && (
          <Link href={paths.article.href(article.id)} target="_blank" rel="noopener" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}>
            {t('adminContent.article.openAsReader')}
            {/* Points out of the page in either direction of writing. */}
            <OpenInNewRounded aria-hidden fontSize="small" sx={{ '[dir="rtl"] &': { transform: 'scaleX(-1)' } }} />
          </Link>
        )}
      </Stack>
    </Paper>
  );
}
