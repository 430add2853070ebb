import type { CSSProperties } from 'react';
import { classNames } from './class-names';
import styles from './ui.module.css';

/** A spinning ring while something loads (MUI's CircularProgress, indeterminate), without MUI. */
export function Spinner({ size = 40, label, className }: { size?: number; label?: string; className?: string }) {
  return (
    <span
      role="progressbar"
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={classNames(styles.spinner, className)}
      style={{ '--spinner-size': `${size}px` } as CSSProperties}
    >
      <svg viewBox="22 22 44 44" focusable="false">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}

export type SkeletonShape = 'text' | 'rectangular' | 'rounded' | 'circular';

/** A placeholder in the shape of what is loading, pulsing softly (MUI's Skeleton), without MUI. */
export function Skeleton({ shape = 'text', className, style }: { shape?: SkeletonShape; className?: string; style?: CSSProperties }) {
  return <span aria-hidden className={classNames(styles.skeleton, styles[`skeleton-${shape}`], className)} style={style} />;
}
