import { REGIONS } from '@newsreel/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/state';
import { formatList } from '../../../lib/format';
import { articlesOf, useArticleList, type ArticleListSource } from '../../articles/api/article-lists';
import { useRegionName } from '../../regions/region-names';
import { feedFiltersForRegions, isGlobalOnly } from '../lib/region-feed';

/**
 * The reader's feed: the newest articles of the regions they follow (all the news for Global),
 * 30 at a time, with the heading that names those regions.
 */
export function useHomeFeed() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const nameOf = useRegionName();
  const regionIds = useAppSelector((state) => state.userRegionIds);
  const source = useMemo<ArticleListSource>(() => ({ kind: 'feed', filters: feedFiltersForRegions(regionIds) }), [regionIds]);
  const list = useArticleList(source);
  const articles = useMemo(() => articlesOf(list.data), [list.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const names = regionIds.flatMap((id) => {
    const region = REGIONS[id];
    return region ? [nameOf(region)] : [];
  });
  const everywhere = isGlobalOnly(regionIds);
  const regions = formatList(names, language);
  const heading = everywhere ? t('home.feedEverywhere') : t('home.feedFrom', { regions });
  const emptyText = everywhere ? t('home.feedEmptyEverywhere') : t('home.feedEmpty', { regions });

  return { source, list, articles, loadMore, heading, emptyText };
}
