import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { AdminArticleSort } from '@newsreel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { useAdminArticles } from '../api/get-admin-articles';
import { ArticleFilters, type ArticleFilterChange } from '../components/article-filters';
import { AddToPlaylistButton } from '../components/add-to-playlist';
import { ArticleTable } from '../components/article-table';
import { BulkApproveBar } from '../components/bulk-approve-bar';
import { LoadFailed } from '../components/load-failed';
import { useBulkApprove } from '../hooks/use-bulk-approve';
import {
  ARTICLE_VIEW_SORTING,
  QUEUE_COUNT_QUERY,
  articleListQuery,
  articleListSearch,
  nextOrder,
  parseArticleListParams,
  type ArticleListParams,
  type ArticleView,
} from '../lib/content-list-params';

/** Times sort newest first on the first click, except the queue's waiting time (longest waiting first); titles A to Z. */
const firstOrderOf = (sort: AdminArticleSort) => (sort === 'title' || sort === 'reviewRequestedAt' ? 'asc' : 'desc');

/**
 * `/admin/articles`: the moderation queue (articles awaiting review, the longest waiting first,
 * with how many there are), or every article in any state; filtered, sorted and paged as the URL
 * says. Articles ticked in the queue are approved one after another; ticked articles of either
 * view are added to a playlist in one batch.
 */
export function ArticleListPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [search, setSearch] = useSearchParams();
  const params = parseArticleListParams(search);
  const articles = useAdminArticles(articleListQuery(params));
  const queueCount = useAdminArticles(QUEUE_COUNT_QUERY).data?.total;
  const update = (next: ArticleListParams) => setSearch(articleListSearch(next), { replace: true });
  const filtered = params.q !== '' || params.status !== undefined || params.reviewStatus !== undefined || params.publisherId !== undefined || params.categoryId !== undefined;

  // Ticked rows of the queue, by id with their titles (the result names the ones that failed).
  const [selected, setSelected] = useState<Map<string, string>>(() => new Map());
  const bulk = useBulkApprove();
  const running = bulk.progress !== null;
  const select = (ids: string[], tick: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const id of ids) {
        const article = articles.data?.items.find((item) => item.id === id);
        if (tick && article) next.set(id, article.title);
        else next.delete(id);
      }
      return next;
    });
  const changeView = (view: ArticleView) => {
    setSelected(new Map());
    bulk.dismiss();
    update({ ...params, view, status: undefined, reviewStatus: undefined, ...ARTICLE_VIEW_SORTING[view], page: 1 });
  };

  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.6rem', sm: '2.125rem' }, mb: 1 }}>
        {t('adminContent.articles.title')}
      </Typography>
      <Tabs
        value={params.view}
        onChange={(_event, view: ArticleView) => changeView(view)}
        aria-label={t('adminContent.articles.views')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          value="queue"
          label={
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <span>{t('adminContent.articles.queue')}</span>
              {queueCount !== undefined && (
                <Chip
                  size="small"
                  color={queueCount > 0 ? 'warning' : 'default'}
                  label={formatNumber(queueCount, language)}
                  aria-label={t('adminContent.articles.queueCount', { number: formatNumber(queueCount, language) })}
                />
              )}
            </Stack>
          }
        />
        <Tab value="all" label={t('adminContent.articles.all')} />
      </Tabs>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {params.view === 'queue' ? t('adminContent.articles.queueIntro') : t('adminContent.articles.allIntro')}
      </Typography>
      <ArticleFilters params={params} onChange={(change: ArticleFilterChange) => update({ ...params, ...change, page: 1 })} />
      <BulkApproveBar
        count={selected.size}
        approval={bulk}
        canApprove={params.view === 'queue'}
        actions={<AddToPlaylistButton articleIds={[...selected.keys()]} disabled={running} onAdded={() => setSelected(new Map())} />}
        onClear={() => setSelected(new Map())}
        onApprove={() => {
          const chosen = [...selected].map(([id, title]) => ({ id, title }));
          setSelected(new Map());
          void bulk.run(chosen);
        }}
      />
      {articles.isFetching && <LinearProgress aria-label={t('adminContent.articles.loading')} sx={{ mb: 1 }} />}
      {articles.isError && !articles.data ? (
        <LoadFailed message={t('adminContent.articles.loadFailed')} onRetry={() => void articles.refetch()} />
      ) : (
        articles.data && (
          <ArticleTable
            articles={articles.data.items}
            total={articles.data.total}
            params={params}
            empty={filtered ? t('adminContent.articles.noMatches') : params.view === 'queue' ? t('adminContent.articles.queueEmpty') : t('adminContent.articles.empty')}
            onSort={(sort) => update({ ...params, sort, order: nextOrder(params, sort, firstOrderOf(sort)), page: 1 })}
            onPage={(page, limit) => update({ ...params, page, limit })}
            selected={new Set(selected.keys())}
            onSelect={select}
            selectionDisabled={running}
          />
        )
      )}
    </>
  );
}
