import { MediaType, type ArticleSummary } from '@newsreel/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { classNames } from '../../../app/ui/class-names';
import { GraphicEqRoundedIcon, PlayArrowRoundedIcon } from '../../../app/ui/icons';
import { Skeleton } from '../../../app/ui/progress';
import { formatAge, formatDistance, formatDuration, territoryLabelKey } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { VISUALLY_HIDDEN_CLASS } from '../../../lib/visually-hidden';
import styles from './article-card.module.css';
import { BreakingChip } from './breaking-chip';

/** Posters are 16:9; the box keeps that shape before the image arrives, so nothing shifts. */
export const POSTER_RATIO = '16 / 9';

export interface ArticleCardProps {
  article: ArticleSummary;
  /** Where the card leads; the article page by default. */
  href?: string;
  /** Replaces the link: the card then acts as a button (e.g. "play this next" in the hero player). */
  onSelect?: () => void;
  /** Marks the card as the one playing now. */
  current?: boolean;
  /** Extra line under the meta line, e.g. a search snippet or a quote. */
  children?: ReactNode;
  /** Lays poster and text side by side (lists beside a player); stacked by default. */
  layout?: 'stacked' | 'row';
  /** The first cards of a page load their poster eagerly (they are the page's largest paint). */
  priority?: boolean;
}

/** One article as a card: poster with duration, breaking badge, title, publisher, territory and age. */
export function ArticleCard({ article, href, onSelect, current, children, layout = 'stacked', priority }: ArticleCardProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const territoryKey = territoryLabelKey[article.territory];
  const isAudio = article.mediafile?.type === MediaType.AUDIO;
  const row = layout === 'row';
  const actionClass = classNames(styles.action, row && styles.row);

  const content = (
    <>
      <div className={styles.poster}>
        {article.poster && (
          <img
            className={styles.posterImage}
            src={article.poster}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
          />
        )}
        {article.breaking && <BreakingChip size="small" className={styles.breaking} />}
        {article.durationSeconds !== null && (
          <span className={styles.duration}>
            {isAudio ? <GraphicEqRoundedIcon size="inherit" /> : <PlayArrowRoundedIcon size="inherit" />}
            <span>
              <span className={VISUALLY_HIDDEN_CLASS}>
                {isAudio ? t('article.audioLength') : t('article.videoLength')}{' '}
              </span>
              {formatDuration(article.durationSeconds, language)}
            </span>
          </span>
        )}
      </div>
      <div className={styles.text}>
        <h3 className={styles.title}>{article.title}</h3>
        <p className={styles.meta}>
          {[
            article.publisher.name,
            territoryKey ? t(territoryKey) : null,
            article.distanceMeters !== undefined ? formatDistance(article.distanceMeters, language) : article.location?.name,
            article.publishedAt ? formatAge(article.publishedAt, language) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {children}
      </div>
    </>
  );

  return (
    <div data-article-id={article.id} className={classNames(styles.card, current && styles.current)}>
      {onSelect ? (
        <button type="button" className={actionClass} onClick={onSelect} aria-current={current ? 'true' : undefined}>
          {content}
        </button>
      ) : (
        <RouterLink to={href ?? paths.article.href(article.id)} className={actionClass}>
          {content}
        </RouterLink>
      )}
    </div>
  );
}

/** The card's shape while it loads: same size, so the page does not move when articles arrive. */
export function ArticleCardSkeleton({ layout = 'stacked' }: { layout?: 'stacked' | 'row' }) {
  const row = layout === 'row';
  return (
    <div aria-hidden className={classNames(styles.card, styles.skeletonCard, row && styles.row)}>
      <Skeleton shape="rectangular" className={styles.skeletonPoster} />
      <div className={styles.skeletonText}>
        <Skeleton className={styles.skeletonLine} />
        <Skeleton className={classNames(styles.skeletonLine, styles.skeletonShorter)} />
        <Skeleton className={styles.skeletonMeta} />
      </div>
    </div>
  );
}
