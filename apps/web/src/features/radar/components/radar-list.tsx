import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ArticleSummary } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format';
import { ArticleCard, ArticleCardSkeleton } from '../../articles/components/article-card';

export interface RadarListProps {
  /** Nearest first, numbered like the map's markers. */
  articles: readonly ArticleSummary[];
  focusedArticleId?: string;
  /** Shows the article's marker and popup on the map. */
  onShowOnMap: (articleId: string) => void;
}

/** The radar's articles as a numbered list: the page's main content, and all of it when the map has no tiles. */
export function RadarList({ articles, focusedArticleId, onShowOnMap }: RadarListProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {articles.map((article, index) => {
        const number = formatCount(index + 1, language);
        const focused = article.id === focusedArticleId;
        return (
          <Box
            component="li"
            key={article.id}
            data-article-id={article.id}
            data-distance-meters={article.distanceMeters}
            sx={{ display: 'flex', gap: 1, alignItems: 'stretch' }}
          >
            <ButtonBase
              onClick={() => onShowOnMap(article.id)}
              aria-label={t('radar.list.showOnMap', { number, title: article.title })}
              sx={{
                flexShrink: 0,
                alignSelf: 'flex-start',
                mt: 1,
                width: 32,
                height: 32,
                borderRadius: '50%',
                bgcolor: focused ? 'common.white' : 'primary.main',
                color: 'primary.contrastText',
                fontWeight: 800,
                fontSize: 13,
                '&:hover': { bgcolor: focused ? 'common.white' : 'primary.light' },
                '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              {number}
            </ButtonBase>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <ArticleCard article={article} layout="row" current={focused}>
                {article.location && (
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary', minWidth: 0 }}>
                    <PlaceOutlined sx={{ fontSize: 16 }} aria-hidden />
                    <Typography variant="body2" noWrap>
                      {article.location.name}
                    </Typography>
                  </Stack>
                )}
              </ArticleCard>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

/** The list's shape while it loads, so nothing moves when the articles arrive. */
export function RadarListSkeleton({ count = 5 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-busy="true" aria-label={t('radar.list.loading')} sx={{ display: 'grid', gap: 1.5 }}>
      {Array.from({ length: count }, (_, index) => (
        <Box key={index} sx={{ display: 'flex', gap: 1 }}>
          <Box sx={{ width: 32, flexShrink: 0 }} />
          <Box sx={{ flexGrow: 1 }}>
            <ArticleCardSkeleton layout="row" />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
