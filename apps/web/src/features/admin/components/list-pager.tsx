import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { PAGE_SIZES } from '../lib/page-sizes';
import { EnumSelect } from './enum-select';

export interface ListPagerProps {
  total: number;
  /** 1-based. */
  page: number;
  limit: number;
  onPage: (page: number, limit: number) => void;
}

/**
 * Under a list: rows per page, which rows are shown of how many, and the previous and next pages.
 * (MUI's TablePagination would bring its tooltips and arrow icons, which other pages share, as
 * chunks of their own that the app's first download would then have to name.)
 */
export function ListPager({ total, page, limit, onPage }: ListPagerProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return (
    <Stack
      component="nav"
      aria-label={t('adminPolls.list.pages')}
      direction="row"
      sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1.5, px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <EnumSelect
        size="small"
        label={t('adminPolls.list.rowsPerPage')}
        value={limit}
        options={PAGE_SIZES}
        labelOf={(size) => formatNumber(size, language)}
        onChange={(size) => size !== '' && onPage(1, size)}
        sx={{ minWidth: 160 }}
      />
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {t('adminPolls.list.displayedRows', { from: formatNumber(from, language), to: formatNumber(to, language), count: formatNumber(total, language) })}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button size="small" variant="outlined" disabled={page <= 1} onClick={() => onPage(page - 1, limit)}>
          {t('adminPolls.list.pageButton.previous')}
        </Button>
        <Button size="small" variant="outlined" disabled={to >= total} onClick={() => onPage(page + 1, limit)}>
          {t('adminPolls.list.pageButton.next')}
        </Button>
      </Stack>
    </Stack>
  );
}
