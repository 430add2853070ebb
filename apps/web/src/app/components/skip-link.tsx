import { useTranslation } from 'react-i18next';
import styles from './skip-link.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** Lets keyboard users jump past the header; visible only while it has focus. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={styles.skipLink}>
      {t('app.skipToContent')}
    </a>
  );
}
