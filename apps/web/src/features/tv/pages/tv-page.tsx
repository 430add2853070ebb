import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageView } from '../../../app/hooks/use-page-view';
import { paths } from '../../../lib/paths';
import { TvPairing } from '../components/tv-pairing';
import { TvPlayer } from '../components/tv-player';
import { useTvSession, type TvActions } from '../hooks/use-tv-session';
import styles from '../components/tv.module.css';

/**
 * `/tv`: the app a television, set-top box or second browser window opens (outside the app's
 * layout). Unpaired it shows its code; paired it plays its owner's feed full screen, driven by
 * the arrow keys, OK and Back (components/tv-player.tsx).
 */
export function TvPage() {
  usePageView();
  const { state, actions } = useTvSession();
  return (
    <main className={styles.tv}>
      {state.kind === 'starting' && <p className={styles.status}>{'…'}</p>}
      {state.kind === 'pending' && <TvPairing key={state.pairingCode} pairingCode={state.pairingCode} expiresAt={state.expiresAt} />}
      {state.kind === 'paired' && <TvPlayer deviceId={state.deviceId} secret={state.secret} session={actions} />}
      {state.kind === 'inUse' && <InUse session={actions} />}
      {state.kind === 'subscriptionRequired' && <SubscriptionRequired session={actions} />}
      {state.kind === 'stopped' && <Stopped session={actions} />}
      {state.kind === 'offline' && <TvMessage title="tv.offline.title" body="tv.offline.body" />}
    </main>
  );
}

/** A full-screen message with its actions; the first action has the focus, for the remote's OK. */
function TvMessage({ title, body, values, children }: { title: string; body: string; values?: Record<string, string>; children?: ReactNode }) {
  const { t } = useTranslation();
  const actionsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    actionsRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [title]);
  // The up and down arrows move between the actions, as on a remote.
  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = [...(actionsRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[Math.min(buttons.length - 1, Math.max(0, index + (event.key === 'ArrowDown' ? 1 : -1)))];
    next?.focus();
    event.preventDefault();
  }
  return (
    <div className={styles.message}>
      <h1 className={styles.title}>{t(title)}</h1>
      <p className={styles.body}>{t(body, values)}</p>
      {children && (
        <div ref={actionsRef} className={styles.actions} onKeyDown={onKeyDown}>
          {children}
        </div>
      )}
    </div>
  );
}

function InUse({ session }: { session: TvActions }) {
  const { t } = useTranslation();
  return (
    <TvMessage title="tv.inUse.title" body="tv.inUse.body">
      <button type="button" className={styles.button} onClick={() => session.retryNow()}>
        {t('tv.inUse.retry')}
      </button>
      <button type="button" className={styles.button} onClick={() => void session.unpair()}>
        {t('tv.menu.unpair')}
      </button>
    </TvMessage>
  );
}

function SubscriptionRequired({ session }: { session: TvActions }) {
  const { t } = useTranslation();
  return (
    <TvMessage title="tv.subscription.title" body="tv.subscription.body" values={{ address: `${window.location.host}${paths.subscription.href()}` }}>
      <button type="button" className={styles.button} onClick={() => session.retryNow()}>
        {t('tv.subscription.check')}
      </button>
      <button type="button" className={styles.button} onClick={() => void session.unpair()}>
        {t('tv.menu.unpair')}
      </button>
    </TvMessage>
  );
}

function Stopped({ session }: { session: TvActions }) {
  const { t } = useTranslation();
  return (
    <TvMessage title="tv.stopped.title" body="tv.stopped.body">
      <button type="button" className={styles.button} onClick={() => session.retryNow()}>
        {t('tv.stopped.resume')}
      </button>
      <button type="button" className={styles.button} onClick={() => void session.unpair()}>
        {t('tv.menu.unpair')}
      </button>
    </TvMessage>
  );
}
