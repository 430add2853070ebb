import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/progress';
import styles from './page-loading.module.css';

/** Shown while the first page's module loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className={styles.pageLoading}>
      <Spinner label={t('app.loadingPage')} />
    </div>
  );
}
