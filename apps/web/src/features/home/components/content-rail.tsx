import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Children, useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { railEdges, railKeyTarget, railScrollDelta, type RailStep } from '../lib/rail-scroll';

/** Items keep one width per breakpoint, so a rail has its final height before anything loads. */
export const RAIL_ITEM_WIDTH = { xs: 248, sm: 280, md: 300, xxl: 420 } as const;

export interface ContentRailProps {
  /** Unique on the page; names the heading and the list. */
  id: string;
  title: string;
  /** The page with everything of this section. */
  seeAllHref?: string;
  /** Replaces the list, e.g. an error with a retry. */
  status?: ReactNode;
  /** True while the items are skeletons. */
  busy?: boolean;
  /** RailItem elements. */
  children?: ReactNode;
}

/** One item of a rail. */
export function RailItem({ children, hidden }: { children: ReactNode; hidden?: boolean }) {
  return (
    <Box
      component="li"
      aria-hidden={hidden || undefined}
      sx={{ flex: '0 0 auto', width: RAIL_ITEM_WIDTH, scrollSnapAlign: 'start', display: 'flex', '& > *': { flexGrow: 1 } }}
    >
      {children}
    </Box>
  );
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A titled, horizontally scrolling row of cards. Touch readers swipe it; mouse readers use the
 * arrow buttons; keyboard readers Tab into it and move between cards with the arrow keys (mirrored
 * in right-to-left languages), Home and End.
 */
export function ContentRail({ id, title, seeAllHref, status, busy, children }: ContentRailProps) {
  const { t } = useTranslation();
  const direction = useTheme().direction;
  const listRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });
  const headingId = `${id}-rail-heading`;
  const listId = `${id}-rail-list`;

  const updateEdges = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const next = railEdges(list);
    setEdges((previous) => (previous.atStart === next.atStart && previous.atEnd === next.atEnd ? previous : next));
  }, []);

  // Measured again when the cards come or go, not on every render of the page around the rail.
  const itemCount = Children.count(children);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (typeof ResizeObserver === 'undefined') {
      updateEdges();
      return;
    }
    // The observer's first report comes once layout is done, so reading the widths then costs no extra layout.
    const observer = new ResizeObserver(updateEdges);
    observer.observe(list);
    return () => observer.disconnect();
  }, [updateEdges, itemCount]);

  function scrollRail(step: RailStep) {
    const list = listRef.current;
    if (!list) return;
    list.scrollBy({ left: railScrollDelta(step, direction, list.clientWidth * 0.85), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }

  function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
    const target = railKeyTarget(event.key, direction);
    if (target === null) return;
    const items = [...event.currentTarget.children];
    const current = items.findIndex((item) => item.contains(document.activeElement));
    if (current < 0) return;
    const index = target === 'first' ? 0 : target === 'last' ? items.length - 1 : current + target;
    const focusable = items[index]?.querySelector<HTMLElement>('a[href], button');
    if (!focusable) return;
    event.preventDefault();
    focusable.focus();
  }

  // "Back" points to the inline start: left in LTR, right in RTL.
  const BackIcon = direction === 'rtl' ? ChevronRightRounded : ChevronLeftRounded;
  const ForwardIcon = direction === 'rtl' ? ChevronLeftRounded : ChevronRightRounded;
  const scrollable = !status && !(edges.atStart && edges.atEnd);

  return (
    <Box component="section" aria-labelledby={headingId} data-rail={id}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, minHeight: 40 }}>
        <Typography id={headingId} variant="h5" component="h2" sx={{ fontWeight: 700, flexGrow: 1, minWidth: 0 }}>
          {title}
        </Typography>
        {seeAllHref && (
          <Link
            component={RouterLink}
            to={seeAllHref}
            aria-label={t('home.seeAllOf', { section: title })}
            sx={{ fontWeight: 600, whiteSpace: 'nowrap', px: 0.5 }}
          >
            {t('home.seeAll')}
          </Link>
        )}
        <Box sx={{ display: { xs: 'none', sm: scrollable ? 'flex' : 'none' }, gap: 0.5 }}>
          <IconButton
            size="small"
            onClick={() => scrollRail('back')}
            disabled={edges.atStart}
            aria-controls={listId}
            aria-label={t('home.scrollBack', { section: title })}
          >
            <BackIcon aria-hidden />
          </IconButton>
          <IconButton
            size="small"
            onClick={() => scrollRail('forward')}
            disabled={edges.atEnd}
            aria-controls={listId}
            aria-label={t('home.scrollForward', { section: title })}
          >
            <ForwardIcon aria-hidden />
          </IconButton>
        </Box>
      </Stack>
      {status ?? (
        <Box
          component="ul"
          id={listId}
          ref={listRef}
          aria-labelledby={headingId}
          aria-busy={busy || undefined}
          onScroll={updateEdges}
          onKeyDown={moveFocus}
          sx={{
            display: 'flex',
            gap: { xs: 1.5, md: 2, xxl: 3 },
            overflowX: 'auto',
            overscrollBehaviorX: 'contain',
            scrollSnapType: 'x mandatory',
            scrollbarWidth: 'thin',
            listStyle: 'none',
            // Room for the focus ring, which the scroll box would otherwise clip.
            p: 0.5,
            m: -0.5,
            scrollPaddingInline: '4px',
          }}
        >
          {children}
        </Box>
      )}
    </Box>
  );
}
