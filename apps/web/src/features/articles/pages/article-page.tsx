import type { Article } from '@newsreel/contracts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { WhenNearViewport } from '../../../app/components/when-near-viewport';
import { appActions, useAppDispatch } from '../../../app/state';
import { Button } from '../../../app/ui/button';
import { classNames } from '../../../app/ui/class-names';
import { Skeleton } from '../../../app/ui/progress';
import { isMissing } from '../../../lib/api-client';
import { formatAge, formatDate, territoryLabelKey } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { VISUALLY_HIDDEN_CLASS } from '../../../lib/visually-hidden';
import { ArticlePlayer, type ArticlePlayerHandle } from '../../player/components/article-player';
import { usePollOffer } from '../../polls/hooks/use-poll-offer';
import { loadMeterPanels, showsMeterNote, useArticleMeter, type ArticleMeter } from '../../subscriptions/hooks/use-article-meter';
import { useRecordViewOnce, VIEW_AFTER_SECONDS } from '../../player/hooks/use-record-view-once';
import { mediaKindOf } from '../../player/lib/media-source';
import { parseStartTime } from '../../player/lib/start-time';
import { findCueIndex } from '../../player/lib/transcript-cues';
import { useArticle } from '../api/get-article';
import { ArticleActions } from '../components/article-actions';
import { PlaceOutlinedIcon } from '../components/article-icons';
import { BreakingChip } from '../components/breaking-chip';
import { TranscriptPanel, TranscriptPanelSkeleton } from '../components/transcript-panel';
import styles from './article-page.module.css';

/** The same pattern the API accepts for `language`; anything else is not asked for. */
const LANGUAGE_PATTERN = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;

/** Below the first screen: its code loads once the reader nears it, not with the page. */
const RelatedArticles = lazy(() => import('../components/related-articles').then((module) => ({ default: module.RelatedArticles })));

/** The usage meter's paywall and note (issue 17 item 3): their own chunk, loaded only when shown. */
const Paywall = lazy(() => loadMeterPanels().then((module) => ({ default: module.Paywall })));
const MeterNote = lazy(() => loadMeterPanels().then((module) => ({ default: module.MeterNote })));

/** How far below the viewport the related articles start loading. */
const RELATED_LOOK_AHEAD = '300px';

/** Widths of the like, dislike, save and share buttons, for their placeholders. */
const ACTION_SKELETON_WIDTHS = [64, 64, 88, 96];

/** /v/:articleId: the article's player, facts, transcript and reactions, and more like it. */
export function ArticlePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const articleId = useParams().articleId ?? '';
  const [searchParams] = useSearchParams();
  const startAt = parseStartTime(searchParams.get('t'));
  const requestedLanguage = searchParams.get('language') ?? '';
  const language = LANGUAGE_PATTERN.test(requestedLanguage) ? requestedLanguage : undefined;
  const { data: article, error, isPending, refetch } = useArticle(articleId, { transcript: true, language });
  // Opening the page is what the usage meter counts; it decides before the player may start.
  const meter = useArticleMeter(articleId, article !== undefined);

  // While this page shows an article it is the current one (polls and sharing read it).
  useEffect(() => {
    if (!article) return;
    dispatch(appActions.setCurrentArticle(article));
    return () => dispatch(appActions.setCurrentArticle(null));
  }, [article, dispatch]);

  // Going from one article to another (a related one) starts at the top of the new page.
  const shownId = useRef(articleId);
  useEffect(() => {
    if (shownId.current === articleId) return;
    shownId.current = articleId;
    document.scrollingElement?.scrollTo?.({ top: 0 });
  }, [articleId]);

  if (isPending) return <ArticlePageSkeleton label={t('article.loading', { id: articleId })} />;

  if (error) {
    // 400 is the server refusing a malformed id: no article can have it, so it is "not found" too.
    const notFound = isMissing(error);
    return (
      <div className={styles.failure}>
        <h1 className={styles.failureTitle}>{notFound ? t('article.notFound') : t('article.loadFailed')}</h1>
        <div className={styles.failureActions}>
          {!notFound && (
            <Button variant="contained" onClick={() => void refetch()}>
              {t('common.retry')}
            </Button>
          )}
          <RouterLink to={paths.home.href()} className={styles.link}>
            {t('common.backHome')}
          </RouterLink>
        </div>
      </div>
    );
  }

  if (meter.kind === 'deciding') return <ArticlePageSkeleton label={t('article.loading', { id: articleId })} />;

  // A new article or a new ?t= is a fresh start: player, highlighted line and view record.
  return <ArticleView key={`${article.id}@${startAt ?? ''}`} article={article} startAt={startAt} meter={meter} />;
}

function ArticleView({ article, startAt, meter }: { article: Article; startAt: number | undefined; meter: Exclude<ArticleMeter, { kind: 'deciding' }> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const player = useRef<ArticlePlayerHandle>(null);
  const recordView = useRecordViewOnce();
  const cues = article.transcript?.cues ?? [];
  const [activeCue, setActiveCue] = useState(() => (startAt === undefined ? -1 : findCueIndex(cues, startAt)));
  const playable = mediaKindOf(article) !== 'none';
  const territoryKey = territoryLabelKey[article.territory];
  // A poll may be offered beside the article once the reader has been on it a moment (SPEC §4).
  usePollOffer(article.id);

  const paywalled = meter.kind === 'paywall';

  // With nothing to play, opening the article is reading it (not behind the paywall).
  useEffect(() => {
    if (!playable && !paywalled) recordView(article.id);
  }, [playable, paywalled, article.id, recordView]);

  return (
    <article className={styles.page}>
      <div className={styles.columns}>
        <div className={styles.main}>
          {meter.kind === 'paywall' ? (
            // Beyond the usage meter: the paywall in place of the player and the transcript.
            <Suspense fallback={<div className={styles.playerSkeleton} />}>
              <Paywall meter={meter.meter} articleId={article.id} />
            </Suspense>
          ) : (
            <ArticlePlayer
              ref={player}
              article={article}
              autoPlay
              startAt={startAt}
              variant="page"
              onTimeUpdate={(seconds) => {
                setActiveCue(findCueIndex(cues, seconds));
                if (seconds >= VIEW_AFTER_SECONDS) recordView(article.id);
              }}
            />
          )}
          <div className={styles.details}>
            {meter.kind === 'open' && showsMeterNote(meter.meter) && (
              <Suspense fallback={null}>
                <MeterNote meter={meter.meter} articleId={article.id} />
              </Suspense>
            )}
            <div className={styles.tags}>
              {article.breaking && <BreakingChip />}
              {territoryKey && (
                <span className={styles.tag}>
                  <span className={styles.tagLabel}>{t(territoryKey)}</span>
                </span>
              )}
              {article.location && (
                <span className={styles.tag}>
                  <PlaceOutlinedIcon className={styles.tagIcon} />
                  <span className={styles.tagLabel}>{article.location.name}</span>
                </span>
              )}
            </div>
            <h1 lang={article.language} dir="auto" className={styles.title}>
              {article.title}
            </h1>
            <p className={styles.byline}>
              <bdi>
                <RouterLink to={paths.publisher.href(article.publisher.id)} className={styles.publisher}>
                  {article.publisher.name}
                </RouterLink>
              </bdi>
              {/* Each part isolated, so a Latin name beside an Arabic date keeps its order. */}
              {article.publishedAt && (
                <>
                  {' · '}
                  <time dateTime={article.publishedAt}>
                    <bdi>{formatDate(article.publishedAt, language)}</bdi> · <bdi>{formatAge(article.publishedAt, language)}</bdi>
                  </time>
                </>
              )}
            </p>
            {article.categories.length > 0 && (
              <nav aria-label={t('article.categories')} className={styles.categories}>
                {article.categories.map((category) => (
                  <RouterLink key={category.id} to={paths.category.href(category.id)} className={styles.category}>
                    <span className={styles.categoryLabel}>{category.name}</span>
                  </RouterLink>
                ))}
              </nav>
            )}
            <ArticleActions article={article} />
            <p lang={article.language} dir="auto" className={styles.description}>
              {article.description}
            </p>
            {article.summary && article.summary !== article.description && (
              <section aria-labelledby="article-summary-heading" className={styles.summary}>
                <h2 id="article-summary-heading" className={styles.summaryHeading}>
                  {t('article.summary')}
                </h2>
                <p lang={article.language} dir="auto" className={styles.summaryText}>
                  {article.summary}
                </p>
              </section>
            )}
          </div>
        </div>
        {!paywalled && (
          <TranscriptPanel
            articleId={article.id}
            transcript={article.transcript}
            activeIndex={activeCue}
            onSelectCue={
              playable
                ? (cue) => {
                    player.current?.seek(cue.start);
                    player.current?.play();
                  }
                : null
            }
            className={styles.transcript}
          />
        )}
      </div>
      <div className={styles.related}>
        {/* Below the player and the transcript: drawn (and read) as the reader nears it. A shorter
            look-ahead than the default, as the section starts ~400–500 px under a phone's first
            screen: its cards' code and list come when the reader heads there, not with the page. */}
        <WhenNearViewport rootMargin={RELATED_LOOK_AHEAD}>
          <Suspense fallback={null}>
            <RelatedArticles article={article} />
          </Suspense>
        </WhenNearViewport>
      </div>
    </article>
  );
}

/** The page's shape while the article loads: the same boxes, so nothing moves when it arrives. */
function ArticlePageSkeleton({ label }: { label: string }) {
  return (
    <div className={classNames(styles.page, styles.loading)} role="status" aria-busy="true">
      <span className={VISUALLY_HIDDEN_CLASS}>{label}</span>
      <div className={styles.columns} aria-hidden>
        <div className={styles.main}>
          <Skeleton shape="rectangular" className={styles.playerSkeleton} />
          <div className={styles.details}>
            <div className={styles.skeletonRow}>
              <Skeleton shape="rounded" className={classNames(styles.tagSkeleton, styles.shortTagSkeleton)} />
              <Skeleton shape="rounded" className={classNames(styles.tagSkeleton, styles.longTagSkeleton)} />
            </div>
            <Skeleton className={classNames(styles.titleSkeleton, styles.firstTitleLineSkeleton)} />
            <Skeleton className={classNames(styles.titleSkeleton, styles.secondTitleLineSkeleton)} />
            <Skeleton className={styles.bylineSkeleton} />
            <div className={styles.skeletonRow}>
              {ACTION_SKELETON_WIDTHS.map((width, index) => (
                <Skeleton key={index} shape="rounded" className={styles.actionSkeleton} style={{ width }} />
              ))}
            </div>
            <Skeleton className={styles.firstDescriptionLineSkeleton} />
            <Skeleton className={styles.secondDescriptionLineSkeleton} />
          </div>
        </div>
        <TranscriptPanelSkeleton className={classNames(styles.transcript, styles.transcriptSkeleton)} />
      </div>
    </div>
  );
}
