import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import { DEFAULT_PRICE_COUNTRY, type SubscriptionPriceRow, type SubscriptionPriceTable } from '@newsreel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appActions, useAppDispatch, useErrorHandlers } from '../../../app/state';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { minorDigitsOf, parseMoney } from '../../subscriptions/lib/money';
import { useSaveSubscriptionPrices, useSubscriptionPrices } from '../api/subscription-prices';
import { LoadFailed } from '../components/load-failed';
import { PageHeading } from '../components/page-heading';
import { SuperusersOnly } from '../components/superusers-only';

/** A row as typed: prices in the currency's major unit (4.99). */
interface DraftRow {
  key: number;
  countryCode: string;
  currency: string;
  month: string;
  year: string;
}

const majorOf = (amount: number, currency: string) => String(amount / 10 ** minorDigitsOf(currency));

function draftOf(table: SubscriptionPriceTable): DraftRow[] {
  return table.items.map((row, index) => ({ key: index, countryCode: row.countryCode, currency: row.currency.toUpperCase(), month: majorOf(row.month, row.currency), year: majorOf(row.year, row.currency) }));
}

type Problems = Partial<Record<'countryCode' | 'currency' | 'month' | 'year', string>>;

/** `/admin/subscription-prices`: the subscription price table, a month and a year per country, with its default row (superusers). */
export function SubscriptionPricesPage() {
  return (
    <SuperusersOnly>
      <SubscriptionPrices />
    </SuperusersOnly>
  );
}

function SubscriptionPrices() {
  const { t } = useTranslation();
  const prices = useSubscriptionPrices();
  return (
    <>
      <PageHeading title={t('subscriptions.admin.title')} intro={t('subscriptions.admin.intro')} />
      {prices.isPending ? (
        <LinearProgress />
      ) : prices.isError ? (
        <LoadFailed message={t('subscriptions.loadFailed')} onRetry={() => void prices.refetch()} />
      ) : (
        <PriceTableEditor key={prices.dataUpdatedAt} table={prices.data} />
      )}
    </>
  );
}

function PriceTableEditor({ table }: { table: SubscriptionPriceTable }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { handleError } = useErrorHandlers();
  const save = useSaveSubscriptionPrices();
  const [rows, setRows] = useState<DraftRow[]>(() => draftOf(table));
  const [showProblems, setShowProblems] = useState(false);

  const problemsOf = (row: DraftRow): Problems => {
    const problems: Problems = {};
    const code = row.countryCode.trim().toUpperCase();
    if (row.countryCode !== DEFAULT_PRICE_COUNTRY) {
      if (!/^[A-Z]{2}$/.test(code)) problems.countryCode = t('subscriptions.admin.invalidCountry');
      else if (rows.filter((other) => other.countryCode.trim().toUpperCase() === code).length > 1) problems.countryCode = t('subscriptions.admin.duplicateCountry');
    }
    const currency = row.currency.trim().toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) problems.currency = t('subscriptions.admin.invalidCurrency');
    for (const field of ['month', 'year'] as const) if (parseMoney(row[field], currency || 'usd') === null) problems[field] = t('subscriptions.admin.invalidAmount');
    return problems;
  };
  const allProblems = rows.map(problemsOf);
  const change = (key: number, field: keyof Omit<DraftRow, 'key'>, value: string) => setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)));

  const submit = () => {
    setShowProblems(true);
    if (allProblems.some((problems) => Object.keys(problems).length > 0)) return;
    const items: SubscriptionPriceRow[] = rows.map((row) => {
      const currency = row.currency.trim().toLowerCase();
      return {
        countryCode: row.countryCode === DEFAULT_PRICE_COUNTRY ? DEFAULT_PRICE_COUNTRY : row.countryCode.trim().toUpperCase(),
        currency,
        month: parseMoney(row.month, currency)!,
        year: parseMoney(row.year, currency)!,
      };
    });
    save.mutate(items, { onSuccess: () => dispatch(appActions.showNotification(t('subscriptions.admin.saved'))), onError: handleError });
  };

  const cell = (row: DraftRow, index: number, field: 'countryCode' | 'currency' | 'month' | 'year', label: string) => {
    const problem = showProblems ? allProblems[index]?.[field] : undefined;
    return (
      <TextField
        size="small"
        value={row[field]}
        onChange={(event) => change(row.key, field, event.target.value)}
        error={problem !== undefined}
        helperText={problem}
        slotProps={{ htmlInput: { 'aria-label': `${label} (${row.countryCode === DEFAULT_PRICE_COUNTRY ? t('subscriptions.admin.default') : row.countryCode || index + 1})`, dir: 'ltr' } }}
        sx={{ minWidth: field === 'countryCode' || field === 'currency' ? 90 : 110 }}
      />
    );
  };

  return (
    <Stack spacing={2}>
      <TableContainer>
        <Table size="small" aria-label={t('subscriptions.admin.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('subscriptions.admin.country')}</TableCell>
              <TableCell>{t('subscriptions.admin.currency')}</TableCell>
              <TableCell>{t('subscriptions.admin.month')}</TableCell>
              <TableCell>{t('subscriptions.admin.year')}</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {t('subscriptions.admin.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => {
              const isDefault = row.countryCode === DEFAULT_PRICE_COUNTRY;
              return (
                <TableRow key={row.key}>
                  <TableCell>{isDefault ? t('subscriptions.admin.default') : cell(row, index, 'countryCode', t('subscriptions.admin.country'))}</TableCell>
                  <TableCell>{cell(row, index, 'currency', t('subscriptions.admin.currency'))}</TableCell>
                  <TableCell>{cell(row, index, 'month', t('subscriptions.admin.month'))}</TableCell>
                  <TableCell>{cell(row, index, 'year', t('subscriptions.admin.year'))}</TableCell>
                  <TableCell>
                    {!isDefault && (
                      <IconButton
                        aria-label={t('subscriptions.admin.removeRow', { country: row.countryCode || index + 1 })}
                        onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
                      >
                        <DeleteOutlineRounded fontSize="small" />
                      </IconButton>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
        <Button
          startIcon={<AddRounded aria-hidden />}
          onClick={() => setRows((current) => [...current, { key: Math.max(0, ...current.map((row) => row.key)) + 1, countryCode: '', currency: current[0]?.currency ?? 'USD', month: '', year: '' }])}
        >
          {t('subscriptions.admin.addRow')}
        </Button>
        <Button variant="contained" disabled={save.isPending} onClick={submit}>
          {t('subscriptions.admin.save')}
        </Button>
        <Button
          onClick={() => {
            setRows(draftOf(table));
            setShowProblems(false);
          }}
        >
          {t('subscriptions.admin.reset')}
        </Button>
      </Stack>
    </Stack>
  );
}
