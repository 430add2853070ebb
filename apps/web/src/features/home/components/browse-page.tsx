import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useInfiniteScroll } from '../../../app/hooks/use-infinite-scroll';
import { Button } from '../../../app/ui/button';
import { classNames } from '../../../app/ui/class-names';
import { ArrowBackRoundedIcon, ErrorOutlineOutlinedIcon } from '../../../app/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { VISUALLY_HIDDEN_CLASS, visuallyHidden } from '../../../lib/visually-hidden';
import styles from './browse-page.module.css';

/**
 * Text for screen readers only, for MUI's sx (plain elements use VISUALLY_HIDDEN_CLASS). In sx a
 * bare 1 means 100%, so the shared style's `width: 1` would stretch the hidden box across the page
 * and push it sideways; pixels keep it 1px.
 */
export const screenReaderOnly = { ...visuallyHidden, width: '1px', height: '1px' } as const;

/**
 * The frame the reader's browse pages share (home, stories, categories, publishers, playlists,
 * breaking, trending): one width from phones to 4K screens, a heading row, and the same
 * not-found and failure states.
 */
export function BrowsePage({ children, wide = true }: { children: ReactNode; wide?: boolean }) {
  return <div className={classNames(styles.page, wide ? styles.wide : styles.narrow)}>{children}</div>;
}

export interface PageHeadingProps {
  title: ReactNode;
  description?: ReactNode;
  /** A link above the heading back to the list this page belongs to. */
  back?: { href: string; label: string };
  /** Controls at the inline end of the heading row (e.g. the layout toggle). */
  actions?: ReactNode;
}

/** A link back to the list a page belongs to; its arrow points to the inline start. */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <RouterLink to={href} className={classNames(styles.link, styles.backLink)}>
      <ArrowBackRoundedIcon size="inherit" className={styles.backArrow} />
      {label}
    </RouterLink>
  );
}

export function PageHeading({ title, description, back, actions }: PageHeadingProps) {
  return (
    <div className={styles.heading}>
      {back && <BackLink {...back} />}
      <div className={styles.headingRow}>
        <h1 className={styles.title}>{title}</h1>
        {actions}
      </div>
      {description && <p className={styles.description}>{description}</p>}
    </div>
  );
}

/** The heading of a page's main list; `hidden` keeps it for screen readers only, where the page heading already says it. */
export function SectionHeading({ children, hidden }: { children: ReactNode; hidden?: boolean }) {
  return <h2 className={hidden ? VISUALLY_HIDDEN_CLASS : styles.sectionHeading}>{children}</h2>;
}

/** True for the API's "no such thing" answers: 404, and 400 for an id that cannot exist. */
export function isMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

/** An unknown or malformed id: say so, and offer the list it came from and the home page. */
export function ContentNotFound({ title, body, back }: { title: string; body: string; back: { href: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <BrowsePage wide={false}>
      <div className={styles.notFound} data-testid="content-not-found">
        <h1 className={styles.notFoundTitle}>{title}</h1>
        <p className={styles.secondaryText}>{body}</p>
        <div className={styles.notFoundActions}>
          <Button to={back.href} variant="contained">
            {back.label}
          </Button>
          <RouterLink to={paths.home.href()} className={styles.link}>
            {t('common.backHome')}
          </RouterLink>
        </div>
      </div>
    </BrowsePage>
  );
}

/** A failure said in the look of MUI's standard error alert: icon, message, and an optional action. */
function ErrorAlert({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div role="alert" className={styles.alert}>
      <div className={styles.alertIcon}>
        <ErrorOutlineOutlinedIcon size="inherit" />
      </div>
      <div className={styles.alertMessage}>{children}</div>
      {action && <div className={styles.alertAction}>{action}</div>}
    </div>
  );
}

/** A list or page that could not be loaded, with a retry. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ErrorAlert
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {message}
    </ErrorAlert>
  );
}

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
