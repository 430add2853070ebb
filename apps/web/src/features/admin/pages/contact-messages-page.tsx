import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import ReplyRounded from '@mui/icons-material/ReplyRounded';
import type { AdminContactMessage } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { useAdminContactMessages, useSetContactMessageHandled } from '../api/contact-messages';
import { DataTable, type DataColumn } from '../components/data-table';
import { EnumSelect } from '../components/enum-select';
import { FilterBar, filterFieldSx } from '../components/filter-bar';
import { LoadFailed } from '../components/load-failed';
import { PageHeading } from '../components/page-heading';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../lib/page-sizes';

const SHOWN = ['waiting', 'handled'] as const;
type Shown = (typeof SHOWN)[number];

/** The list's filter and page as the URL keeps them (`?shown=waiting&page=2`); anything unknown is left at its default. */
function paramsOf(search: URLSearchParams) {
  const page = Number(search.get('page'));
  const limit = Number(search.get('limit'));
  return {
    shown: SHOWN.find((value) => value === search.get('shown')),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
  };
}
type Params = ReturnType<typeof paramsOf>;

function searchOf({ shown, page, limit }: Params): URLSearchParams {
  const search = new URLSearchParams();
  if (shown) search.set('shown', shown);
  if (page !== 1) search.set('page', String(page));
  if (limit !== DEFAULT_PAGE_SIZE) search.set('limit', String(limit));
  return search;
}

/** `/admin/contact-messages`: what readers wrote through the contact form, newest first; each can be marked handled. */
export function ContactMessagesPage() {
  const { t } = useTranslation();
  const dateTime = useDateTimeFormat();
  const dispatch = useAppDispatch();
  const [search, setSearch] = useSearchParams();
  const params = paramsOf(search);
  const messages = useAdminContactMessages({ page: params.page, limit: params.limit, ...(params.shown ? { handled: params.shown === 'handled' } : {}) });
  const setHandled = useSetContactMessageHandled();
  const update = (next: Params) => setSearch(searchOf(next), { replace: true });

  const columns: DataColumn<AdminContactMessage>[] = [
    { key: 'createdAt', label: t('contact.admin.columns.received'), fit: 'nowrap', render: (message) => dateTime(message.createdAt) },
    {
      key: 'from',
      label: t('contact.admin.columns.from'),
      fit: 'wrap',
      render: (message) => (
        <Stack>
          <Box component="span" dir="auto" sx={{ fontWeight: 600 }}>
            {message.name}
          </Box>
          <Link href={`mailto:${message.email}`} dir="ltr" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {message.email}
          </Link>
          {message.userId && (
            <Typography variant="caption" color="text.secondary">
              {t('contact.admin.signedIn')}
            </Typography>
          )}
        </Stack>
      ),
    },
    { key: 'subject', label: t('contact.admin.columns.subject'), fit: 'wrap', render: (message) => <Box component="span" dir="auto">{message.subject}</Box> },
    {
      key: 'handled',
      label: t('contact.admin.columns.handled'),
      render: (message) => (
        <FormControlLabel
          control={
            <Switch
              checked={message.handledAt !== null}
              disabled={setHandled.isPending}
              slotProps={{ input: { 'aria-label': t('contact.admin.handledLabel', { subject: message.subject }) } }}
              onChange={(event) => {
                const handled = event.target.checked;
                setHandled.mutate(
                  { messageId: message.id, handled },
                  { onSuccess: () => dispatch(appActions.showNotification(t(handled ? 'contact.admin.markedHandled' : 'contact.admin.markedWaiting'))) },
                );
              }}
            />
          }
          label={message.handledAt ? dateTime(message.handledAt) : t('contact.admin.waiting')}
          slotProps={{ typography: { variant: 'body2', sx: { whiteSpace: 'nowrap' } } }}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeading
        title={t('contact.admin.title')}
        intro={t('contact.admin.intro')}
        action={
          <Button variant="outlined" startIcon={<RefreshRounded aria-hidden />} disabled={messages.isFetching} onClick={() => void messages.refetch()}>
            {t('contact.admin.refresh')}
          </Button>
        }
      />
      <FilterBar label={t('contact.admin.filters')}>
        <EnumSelect
          size="small"
          label={t('contact.admin.filter')}
          value={params.shown ?? ''}
          options={SHOWN}
          labelOf={(shown: Shown) => t(`contact.admin.${shown}`)}
          emptyLabel={t('contact.admin.all')}
          onChange={(shown) => update({ ...params, shown: shown === '' ? undefined : shown, page: 1 })}
          sx={filterFieldSx}
        />
      </FilterBar>
      {messages.isFetching && <LinearProgress aria-label={t('contact.admin.loading')} sx={{ mb: 1 }} />}
      {messages.isError && !messages.data ? (
        <LoadFailed message={t('contact.admin.loadFailed')} onRetry={() => void messages.refetch()} />
      ) : (
        messages.data && (
          <DataTable
            label={t('contact.admin.title')}
            rows={messages.data.items}
            rowKey={(message) => message.id}
            columns={columns}
            empty={params.shown ? t('contact.admin.noMatches') : t('contact.admin.empty')}
            paging={{ total: messages.data.total, page: params.page, limit: params.limit, onPage: (page, limit) => update({ ...params, page, limit }) }}
            below={(message) => (
              <Stack spacing={1} sx={{ pb: 1, alignItems: 'flex-start' }}>
                <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {message.message}
                </Typography>
                {message.mailedAt === null && (
                  <Alert severity="warning" variant="outlined" sx={{ py: 0 }}>
                    {t('contact.admin.notMailed')}
                  </Alert>
                )}
                <Button
                  size="small"
                  startIcon={<ReplyRounded aria-hidden />}
                  href={`mailto:${encodeURIComponent(message.email)}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
                  aria-label={t('contact.admin.replyTo', { name: message.name })}
                >
                  {t('contact.admin.reply')}
                </Button>
              </Stack>
            )}
          />
        )
      )}
    </>
  );
}
