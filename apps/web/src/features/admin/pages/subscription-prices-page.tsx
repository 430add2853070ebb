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
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import { DEFAULT_PRICE_COUNTRY, METER_FREE_ARTICLES_MAX, METER_PERIOD_DAYS_MAX, type MeterSettings, type SubscriptionPriceRow, type SubscriptionPriceTable } from '@newsreel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appActions, useAppDispatch, useErrorHandlers } from '../../../app/state';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { minorDigitsOf, parseMoney } from '../../subscriptions/lib/money';
import { useMeterSettings, useSaveMeterSettings, useSaveSubscriptionPrices, useSubscriptionPrices } from '../api/subscription-prices';
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

/**
 * `/admin/subscription-prices`: the subscription price table, a month and a year per country, with
 * its default row, and the usage meter's free articles (superusers).
 */
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
      <MeterSettingsSection />
    </>
  );
}

/** The usage meter's settings: how many different articles readers without a subscription open free in any period of days. */
function MeterSettingsSection() {
  const { t } = useTranslation();
  const meter = useMeterSettings();
  return (
    <Box component="section" aria-labelledby="meter-settings-heading" sx={{ mt: 5 }}>
      <Typography id="meter-settings-heading" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {t('subscriptions.admin.meter.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2, maxWidth: '70ch' }}>
        {t('subscriptions.admin.meter.intro')}
      </Typography>
      {meter.isPending ? (
        <LinearProgress />
      ) : meter.isError ? (
        <LoadFailed message={t('subscriptions.loadFailed')} onRetry={() => void meter.refetch()} />
      ) : (
        <MeterSettingsForm key={meter.dataUpdatedAt} settings={meter.data} />
      )}
    </Box>
  );
}

const wholeIn = (text: string, min: number, max: number): number | null => {
  const value = /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  return value >= min && value <= max ? value : null;
};

function MeterSettingsForm({ settings }: { settings: MeterSettings }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { handleError } = useErrorHandlers();
  const save = useSaveMeterSettings();
  const [free, setFree] = useState(String(settings.freeArticles));
  const [days, setDays] = useState(String(settings.periodDays));
  const [showProblems, setShowProblems] = useState(false);
  const freeArticles = wholeIn(free, 0, METER_FREE_ARTICLES_MAX);
  const periodDays = wholeIn(days, 1, METER_PERIOD_DAYS_MAX);
  const submit = () => {
    setShowProblems(true);
    if (freeArticles === null || periodDays === null) return;
    save.mutate({ freeArticles, periodDays }, { onSuccess: () => dispatch(appActions.showNotification(t('subscriptions.admin.meter.saved'))), onError: handleError });
  };
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: 'flex-start' }}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <TextField
        label={t('subscriptions.admin.meter.freeArticles')}
        value={free}
        onChange={(event) => setFree(event.target.value)}
        error={showProblems && freeArticles === null}
        helperText={showProblems && freeArticles === null ? t('subscriptions.admin.meter.invalidFree') : undefined}
        slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
        sx={{ width: 200 }}
      />
      <TextField
        label={t('subscriptions.admin.meter.periodDays')}
        value={days}
        onChange={(event) => setDays(event.target.value)}
        error={showProblems && periodDays === null}
        helperText={showProblems && periodDays === null ? t('subscriptions.admin.meter.invalidDays') : undefined}
        slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
        sx={{ width: 200 }}
      />
      <Button type="submit" variant="contained" disabled={save.isPending} sx={{ mt: { sm: 1 } }}>
        {t('subscriptions.admin.meter.save')}
      </Button>
    </Stack>
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
