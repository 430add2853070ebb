import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import styles from './route-error-page.module.css';

/**
 * Shown when a page throws while rendering or its module cannot load (typically a chunk from
 * an older release after a deploy); reloading fetches the current one. The error boundary
 * around it has reported the error.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('app.errorTitle')}</h1>
      <p className={styles.body}>{t('app.errorBody')}</p>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('app.reload')}
      </Button>
    </div>
  );
}

/** The same message when the shell itself fails, so it brings its own main landmark. */
export function ShellErrorPage() {
  return (
    <main>
      <RouteErrorPage />
    </main>
  );
}
