import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteScroll } from '../../../app/hooks/use-infinite-scroll';
import { Button } from '../../../app/ui/button';
import { ErrorAlert } from './browse-page';
import styles from './paged-list-end.module.css';

// Apart from browse-page.tsx, so the home page's default view (the hero player), which pages no
// list this way, does not load it.

/** What a list that loads page by page needs of its query (a react-query infinite query). */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The end of a list that loads page by page: the placeholders of the page on its way, the point
 * whose coming into view loads the next page, a "Load more" button for readers who do not scroll,
 * and a note when loading more failed.
 */
export function PagedListEnd({ list, loading, failed }: { list: PagedList; loading: ReactNode; failed?: ReactNode }) {
  const { t } = useTranslation();
  const sentinel = useInfiniteScroll<HTMLDivElement>(() => void list.fetchNextPage(), {
    enabled: list.hasNextPage && !list.isFetchingNextPage,
  });
  return (
    <>
      {list.isFetchingNextPage && loading}
      <div ref={sentinel} />
      {list.hasNextPage && !list.isFetchingNextPage && (
        <div className={styles.loadMore}>
          <Button variant="outlined" onClick={() => void list.fetchNextPage()}>
            {t('feed.loadMore')}
          </Button>
        </div>
      )}
      {list.isFetchNextPageError && (failed ?? <ErrorAlert>{t('feed.loadMoreFailed')}</ErrorAlert>)}
    </>
  );
}
