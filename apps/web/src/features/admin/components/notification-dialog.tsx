import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  NOTIFICATION_AUDIENCES,
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_LINK_PATTERN,
  NOTIFICATION_TITLE_MAX,
  type AdminNotification,
  type AdminNotificationCreateBody,
  type NotificationAudience,
} from '@newsreel/contracts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategories } from '../../categories/api/get-categories';
import { useAdminUsers } from '../api/get-admin-users';
import { useRegionOptions } from '../hooks/use-region-options';
import { fromLocalInput, toLocalInput } from '../lib/date-time';

const LINK = new RegExp(NOTIFICATION_LINK_PATTERN);

interface Draft {
  title: string;
  body: string;
  link: string;
  audience: NotificationAudience;
  regionIds: number[];
  categoryIds: string[];
  users: { id: string; email: string }[];
  sendAt: string;
}

function draftOf(notification: AdminNotification | undefined): Draft {
  if (!notification) return { title: '', body: '', link: '', audience: 'everyone', regionIds: [], categoryIds: [], users: [], sendAt: toLocalInput(new Date().toISOString()) };
  return {
    title: notification.title,
    body: notification.body,
    link: notification.link ?? '',
    audience: notification.audience,
    regionIds: notification.regionIds,
    categoryIds: notification.categoryIds,
    users: notification.userIds.map((id, index) => ({ id, email: notification.userEmails[index] ?? id })),
    sendAt: toLocalInput(notification.sendAt),
  };
}

type Problems = Partial<Record<'title' | 'body' | 'link' | 'audience' | 'sendAt', string>>;

export interface NotificationDialogProps {
  /** The notification being edited; none for a new one. */
  notification?: AdminNotification;
  /** Superusers pick chosen users (finding people is theirs); a moderator's notification waits for review. */
  superuser: boolean;
  onClose: () => void;
  /** Sends the whole notification; resolves once saved (the dialog closes), rejects when refused. */
  onSubmit: (body: AdminNotificationCreateBody) => Promise<unknown>;
  submitting: boolean;
  refusal?: string;
}

/** A new notification, or one not yet delivered, in a dialog: its words, link, audience and send time. */
export function NotificationDialog({ notification, superuser, onClose, onSubmit, submitting, refusal }: NotificationDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(notification));
  const [problems, setProblems] = useState<Problems>({});
  const [userInput, setUserInput] = useState('');
  const [userQuery, setUserQuery] = useState('');
  const regions = useRegionOptions();
  const categories = useCategories();
  const categoryItems = categories.data?.items ?? [];
  const users = useAdminUsers({ limit: 10, sort: 'email', order: 'asc', ...(userQuery ? { q: userQuery } : {}) }, { enabled: superuser && draft.audience === 'users' });
  useEffect(() => {
    const timer = setTimeout(() => setUserQuery(userInput.trim()), 300);
    return () => clearTimeout(timer);
  }, [userInput]);
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  function check(): Problems {
    const found: Problems = {};
    if (!draft.title.trim()) found.title = t('adminNotifications.form.titleRequired');
    else if (draft.title.trim().length > NOTIFICATION_TITLE_MAX) found.title = t('adminNotifications.form.tooLong', { max: NOTIFICATION_TITLE_MAX });
    if (!draft.body.trim()) found.body = t('adminNotifications.form.bodyRequired');
    else if (draft.body.trim().length > NOTIFICATION_BODY_MAX) found.body = t('adminNotifications.form.tooLong', { max: NOTIFICATION_BODY_MAX });
    if (draft.link.trim() && !LINK.test(draft.link.trim())) found.link = t('adminNotifications.form.linkInvalid');
    if (draft.audience === 'regions' && draft.regionIds.length === 0) found.audience = t('adminNotifications.form.regionsRequired');
    if (draft.audience === 'categories' && draft.categoryIds.length === 0) found.audience = t('adminNotifications.form.categoriesRequired');
    if (draft.audience === 'users' && draft.users.length === 0) found.audience = t('adminNotifications.form.usersRequired');
    if (!fromLocalInput(draft.sendAt)) found.sendAt = t('adminNotifications.form.sendAtRequired');
    return found;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const body: AdminNotificationCreateBody = {
      title: draft.title.trim(),
      body: draft.body.trim(),
      link: draft.link.trim() || null,
      audience: draft.audience,
      regionIds: draft.audience === 'regions' ? draft.regionIds : [],
      categoryIds: draft.audience === 'categories' ? draft.categoryIds : [],
      userIds: draft.audience === 'users' ? draft.users.map((user) => user.id) : [],
      sendAt: fromLocalInput(draft.sendAt)!,
    };
    onSubmit(body).then(onClose, () => {
      // The refusal is shown in the dialog; what was typed stays to be corrected.
    });
  }

  const userOptions = [...draft.users, ...(users.data?.items ?? []).map((user) => ({ id: user.id, email: user.email })).filter((user) => !draft.users.some((picked) => picked.id === user.id))];
  return (
    <Dialog open onClose={submitting ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate aria-labelledby={titleId} onSubmit={submit}>
        <DialogTitle id={titleId}>{notification ? t('adminNotifications.form.editTitle') : t('adminNotifications.form.newTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {!superuser && <Alert severity="info">{t('adminNotifications.form.reviewNote')}</Alert>}
            <TextField
              label={t('adminNotifications.fields.title')}
              value={draft.title}
              onChange={(event) => set({ title: event.target.value })}
              required
              error={Boolean(problems.title)}
              helperText={problems.title}
              slotProps={{ htmlInput: { maxLength: NOTIFICATION_TITLE_MAX, dir: 'auto' } }}
            />
            <TextField
              label={t('adminNotifications.fields.body')}
              value={draft.body}
              onChange={(event) => set({ body: event.target.value })}
              required
              multiline
              minRows={3}
              error={Boolean(problems.body)}
              helperText={problems.body}
              slotProps={{ htmlInput: { maxLength: NOTIFICATION_BODY_MAX, dir: 'auto' } }}
            />
            <TextField
              label={t('adminNotifications.fields.link')}
              value={draft.link}
              onChange={(event) => set({ link: event.target.value })}
              error={Boolean(problems.link)}
              helperText={problems.link ?? t('adminNotifications.form.linkHelp')}
              slotProps={{ htmlInput: { dir: 'ltr' } }}
            />
            <TextField
              select
              label={t('adminNotifications.fields.audience')}
              value={draft.audience}
              onChange={(event) => set({ audience: event.target.value as NotificationAudience })}
              error={Boolean(problems.audience) && draft.audience === 'everyone'}
            >
              {NOTIFICATION_AUDIENCES.map((audience) => (
                <MenuItem key={audience} value={audience} disabled={audience === 'users' && !superuser}>
                  {t(`adminNotifications.audience.${audience}`)}
                </MenuItem>
              ))}
            </TextField>
            {draft.audience === 'regions' && (
              <Autocomplete
                multiple
                options={regions.options.map((region) => region.id)}
                getOptionLabel={regions.labelOf}
                value={draft.regionIds}
                onChange={(_event, regionIds) => set({ regionIds })}
                filterSelectedOptions
                renderInput={(params) => <TextField {...params} label={t('adminNotifications.fields.regions')} error={Boolean(problems.audience)} helperText={problems.audience} />}
              />
            )}
            {draft.audience === 'categories' && (
              <Autocomplete
                multiple
                options={categoryItems.map((category) => category.id)}
                getOptionLabel={(id) => categoryItems.find((category) => category.id === id)?.name ?? id}
                value={draft.categoryIds}
                loading={categories.isLoading}
                onChange={(_event, categoryIds) => set({ categoryIds })}
                filterSelectedOptions
                renderInput={(params) => <TextField {...params} label={t('adminNotifications.fields.categories')} error={Boolean(problems.audience)} helperText={problems.audience} />}
              />
            )}
            {draft.audience === 'users' && (
              <Autocomplete
                multiple
                options={userOptions}
                getOptionLabel={(user) => user.email}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                value={draft.users}
                inputValue={userInput}
                onInputChange={(_event, text) => setUserInput(text)}
                onChange={(_event, picked) => set({ users: picked })}
                filterOptions={(options) => options}
                filterSelectedOptions
                loading={users.isFetching}
                renderInput={(params) => (
                  <TextField {...params} label={t('adminNotifications.fields.users')} error={Boolean(problems.audience)} helperText={problems.audience ?? t('adminNotifications.form.usersHelp')} />
                )}
              />
            )}
            <TextField
              type="datetime-local"
              label={t('adminNotifications.fields.sendAt')}
              value={draft.sendAt}
              onChange={(event) => set({ sendAt: event.target.value })}
              required
              error={Boolean(problems.sendAt)}
              helperText={problems.sendAt ?? t('adminNotifications.form.sendAtHelp')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            {refusal && (
              <Alert severity="error" role="alert">
                {refusal}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={submitting}>
            {t('adminNotifications.form.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={submitting}>
            {notification ? t('adminNotifications.form.save') : t('adminNotifications.form.schedule')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
