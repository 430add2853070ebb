import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Button } from '../../../app/ui/button';
import { classNames } from '../../../app/ui/class-names';
import { createIcon } from '../../../app/ui/icon';
import { ArrowBackRoundedIcon } from '../../../app/ui/icons';
import { VISUALLY_HIDDEN_CLASS, visuallyHidden } from '../../../lib/visually-hidden';
import styles from './browse-page.module.css';

// Drawn only by the failure alert below, so made here (app/ui/icons.ts comes with the shell).
// Path copied from @mui/icons-material (Material Design icons, Apache License 2.0).
const ErrorOutlineOutlinedIcon = createIcon("M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8", 'ErrorOutlineOutlined');

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

/** A failure said in the look of MUI's standard error alert: icon, message, and an optional action. */
export function ErrorAlert({ children, action }: { children: ReactNode; action?: ReactNode }) {
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
