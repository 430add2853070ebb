import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Button } from '../../../app/ui/button';
import { paths } from '../../../lib/paths';
import { BrowsePage } from './browse-page';
import styles from './browse-page.module.css';

// Apart from browse-page.tsx, so the home page, which never says "not found", does not load it.

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
