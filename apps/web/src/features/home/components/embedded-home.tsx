import { PRODUCT_NAME } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { VISUALLY_HIDDEN_CLASS } from '../../../lib/visually-hidden';
import styles from './embedded-home.module.css';
import { HomeFeed } from './home-feed';

/**
 * The home page inside a publisher's iframe: only the player and what plays next, edge to edge,
 * no rails or app bar (the embedded banner above links to the full site).
 */
export function EmbeddedHome() {
  const { t } = useTranslation();
  return (
    <div data-testid="embedded-home" className={styles.home}>
      <h1 className={VISUALLY_HIDDEN_CLASS}>{t('embedded.title', { product: PRODUCT_NAME })}</h1>
      <HomeFeed viewType="hero-player" headed={false} emptyText={t('embedded.empty', { product: PRODUCT_NAME })} />
    </div>
  );
}
