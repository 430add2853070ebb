import { BACKGROUND_COLOUR, PRIMARY_YELLOW } from '../theme/tokens';

/** Newsreel's mark: a play button on a yellow tile (the same drawing as public/favicon.svg). */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="7" fill={PRIMARY_YELLOW} />
      <path d="M12 9.5v13l10.5-6.5z" fill={BACKGROUND_COLOUR} />
    </svg>
  );
}
