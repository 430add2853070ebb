import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminPublisher } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { isApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { adminPaths } from '../admin-paths';
import { useAdminPublisher } from '../api/get-admin-publishers';
import { useDeleteAdminPublisher, useUpdateAdminPublisher } from '../api/save-admin-publisher';
import { ConfirmDelete } from '../components/confirm-delete';
import { EditorSection } from '../components/editor-section';
import { LoadFailed } from '../components/load-failed';
import { MemberUsersSection } from '../components/member-users-section';
import { PageHeading } from '../components/page-heading';
import { PublisherForm } from '../components/publisher-form';
import { SuperusersOnly } from '../components/superusers-only';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import { isolate } from '../lib/isolate';
import { refusalOf } from '../lib/refusal';


/** `/admin/publishers/:publisherId` (superusers): a publisher's details and branding, its users (added by email with a role, changed, removed), and deleting it. */
export function PublisherPage() {
  const { t } = useTranslation();
  return (
    <SuperusersOnly body={t('adminContent.publishers.superusersOnly')}>
      <PublisherDetails />
    </SuperusersOnly>
  );
}

function PublisherDetails() {
  const { t } = useTranslation();
  const { publisherId = '' } = useParams();
  const publisher = useAdminPublisher(publisherId);
  const back = { href: adminPaths.publishers.href(), label: t('adminContent.publishers.back') };
  if (!publisher.data) {
    if (publisher.isError) {
      const missing = isApiError(publisher.error) && (publisher.error.status === 404 || publisher.error.status === 400);
      return (
        <>
          <PageHeading title={t('adminContent.publishers.one')} back={back} />
          <LoadFailed
            message={missing ? t('adminContent.publishers.notFound') : t('adminContent.publishers.loadOneFailed')}
            onRetry={missing ? undefined : () => void publisher.refetch()}
          />
        </>
      );
    }
    return (
      <Stack sx={{ py: 10, alignItems: 'center' }}>
        <CircularProgress aria-label={t('adminContent.loading')} />
      </Stack>
    );
  }
  return <PublisherSections publisher={publisher.data} back={back} />;
}

function PublisherSections({ publisher, back }: { publisher: AdminPublisher; back: { href: string; label: string } }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dateTime = useDateTimeFormat();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const save = useUpdateAdminPublisher();
  const remove = useDeleteAdminPublisher();
  const name = isolate(publisher.name);
  return (
    <>
      <PageHeading
        back={back}
        title={<span dir="auto">{publisher.name}</span>}
        action={
          <ConfirmDelete
            variant="text"
            label={t('adminContent.publishers.delete')}
            title={t('adminContent.publishers.deleteTitle', { name })}
            body={t('adminContent.publishers.deleteBody')}
            disabled={remove.isPending}
            onConfirm={() =>
              remove.mutate(publisher.id, {
                onSuccess: () => {
                  dispatch(appActions.showNotification(t('adminContent.publishers.deleted', { name })));
                  void navigate(adminPaths.publishers.href(), { replace: true });
                },
              })
            }
          />
        }
      />
      <Typography color="text.secondary" sx={{ mt: -1, mb: 3 }}>
        {t('adminContent.publishers.summary', {
          articles: formatNumber(publisher.articleCount, language),
          users: formatNumber(publisher.userCount, language),
          date: dateTime(publisher.createdAt),
        })}
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <MemberUsersSection owner={{ kind: 'publisher', id: publisher.id }} ownerName={publisher.name} />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <EditorSection id="publisher-details" title={t('adminContent.publishers.details')}>
            <PublisherForm
              publisher={publisher}
              label={t('adminContent.publishers.details')}
              submitLabel={t('adminContent.save')}
              submitting={save.isPending}
              refusal={save.error ? refusalOf(save.error, t('errors.generic'), { 409: t('adminContent.catalogue.slugTaken') }) : undefined}
              onSubmit={async (body) => {
                await save.mutateAsync({ publisherId: publisher.id, body });
                dispatch(appActions.showNotification(t('adminContent.publishers.saved')));
              }}
            />
          </EditorSection>
        </Grid>
      </Grid>
    </>
  );
}
