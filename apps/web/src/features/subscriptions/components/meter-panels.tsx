import type { MeterOpenResult } from '@newsreel/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../../app/state';
import { Button } from '../../../app/ui/button';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDetectedRegion } from '../../regions/api/detect-region';
import { useSubscriptionPrice } from '../api/subscriptions';
import { formatMoney } from '../lib/money';
import { subscribeReturnTo } from '../lib/return-to';
import styles from './meter-panels.module.css';

/** Where "Subscribe" goes: the subscription page, through sign-in for a reader who is not signed in. */
function useSubscribeLink(articleId: string) {
  const signedIn = useAppSelector((state) => state.authStatus === 'signedIn');
  const target = paths.subscription.href();
  return {
    signedIn,
    to: signedIn ? target : paths.signIn.href(target),
    // The subscription page leads back here once the checkout is paid.
    remember: () => subscribeReturnTo.set(paths.article.href(articleId)),
  };
}

/**
 * The paywall (issue 17 item 3), in place of the player and the transcript of an article beyond
 * the usage meter: what happened, when the next free article comes, the price for the reader's
 * country, "Subscribe" and, for a reader who is not signed in, "Sign in" (a subscriber reading
 * signed out). Code-split: the article page loads it only when it is needed.
 */
export function Paywall({ meter, articleId }: { meter: MeterOpenResult; articleId: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const headingId = useId();
  const region = useDetectedRegion();
  const price = useSubscriptionPrice(region.isPending ? null : (region.data?.countryCode ?? null));
  const subscribe = useSubscribeLink(articleId);
  const ready = !region.isPending && price.data !== undefined;
  return (
    <section className={styles.paywall} aria-labelledby={headingId} data-paywall>
      <h2 id={headingId} className={styles.title}>
        {meter.freeArticles === 0
          ? t('meter.paywall.subscribersOnly')
          : meter.freeArticles === 1
            ? t('meter.paywall.titleOne')
            : t('meter.paywall.titleMany', { count: meter.freeArticles })}
      </h2>
      {meter.nextFreeAt && <p className={styles.text}>{t('meter.paywall.nextFree', { date: formatDate(meter.nextFreeAt, language) })}</p>}
      <p className={styles.text}>{t('meter.paywall.intro')}</p>
      {ready && price.data && (
        <p className={styles.price} data-price>
          {t('meter.paywall.price', { month: formatMoney(price.data.month, price.data.currency, language), year: formatMoney(price.data.year, price.data.currency, language) })}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="contained" to={subscribe.to} onClick={subscribe.remember}>
          {t('meter.paywall.subscribe')}
        </Button>
        {!subscribe.signedIn && (
          <Button variant="outlined" to={paths.signIn.href(paths.article.href(articleId))}>
            {t('meter.paywall.signIn')}
          </Button>
        )}
      </div>
      {!subscribe.signedIn && <p className={styles.text}>{t('meter.paywall.signInHint')}</p>}
    </section>
  );
}

/** The small note under the player when one or two free articles are left, with a way to subscribe. */
export function MeterNote({ meter, articleId }: { meter: MeterOpenResult; articleId: string }) {
  const { t } = useTranslation();
  const subscribe = useSubscribeLink(articleId);
  return (
    <p className={styles.note} role="status" data-meter-note>
      <span>{meter.remaining === 1 ? t('meter.note.leftOne') : t('meter.note.leftMany', { count: meter.remaining })}</span>
      <RouterLink to={subscribe.to} onClick={subscribe.remember} className={styles.noteLink}>
        {t('meter.note.subscribe')}
      </RouterLink>
    </p>
  );
}
