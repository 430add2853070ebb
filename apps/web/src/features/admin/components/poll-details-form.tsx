import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  POLL_NAME_MAX,
  PollStatus,
  PollType,
  PollVisibility,
  VISITOR_META_FIELDS,
  enumValues,
  type AdminPoll,
  type PollCreateBody,
  type VisitorMetaField,
} from '@newsreel/contracts';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fromLocalInput, toLocalInput } from '../lib/date-time';
import { liveProblems, NEW_POLL_STATUSES, POLL_STATUS_TRANSITIONS } from '../lib/poll-status';
import { inputOf } from './catalogue-fields';
import { EnumSelect } from './enum-select';

/** The form's values: numbers and times as their inputs hold them. */
interface DetailsValues {
  name: string;
  priority: string;
  type: PollType;
  status: PollStatus;
  visibility: PollVisibility;
  startsAt: string;
  endsAt: string;
  field: VisitorMetaField | '';
}

/** A new poll: rapid, public, pending, priority 100 (the API's default). */
const NEW_POLL: DetailsValues = {
  name: '',
  priority: '100',
  type: PollType.RAPID,
  status: PollStatus.PENDING,
  visibility: PollVisibility.PUBLIC,
  startsAt: '',
  endsAt: '',
  field: '',
};

function valuesOf(poll: AdminPoll): DetailsValues {
  return {
    name: poll.name,
    priority: String(poll.priority),
    type: poll.type,
    status: poll.status,
    visibility: poll.visibility,
    startsAt: toLocalInput(poll.startsAt),
    endsAt: toLocalInput(poll.endsAt),
    field: poll.config.field ?? '',
  };
}

/** What the API is sent: the whole poll for a new one; only what changed for an existing one. */
function bodyOf(values: DetailsValues, dirty: Partial<Record<keyof DetailsValues, boolean | undefined>> | undefined): PollCreateBody {
  const body: PollCreateBody = {
    name: values.name.trim(),
    priority: Number(values.priority),
    type: values.type,
    status: values.status,
    visibility: values.visibility,
    startsAt: fromLocalInput(values.startsAt),
    endsAt: fromLocalInput(values.endsAt),
    config: values.field ? { field: values.field } : {},
  };
  if (!dirty) return body;
  const changed: Partial<PollCreateBody> = {};
  const keys: [keyof DetailsValues, keyof PollCreateBody][] = [
    ['name', 'name'],
    ['priority', 'priority'],
    ['type', 'type'],
    ['status', 'status'],
    ['visibility', 'visibility'],
    ['startsAt', 'startsAt'],
    ['endsAt', 'endsAt'],
    ['field', 'config'],
  ];
  for (const [field, key] of keys) if (dirty[field]) Object.assign(changed, { [key]: body[key] });
  return changed as PollCreateBody;
}

export interface PollDetailsFormProps {
  /** The poll being edited; none for a new one. */
  poll?: AdminPoll;
  /** Sends the body; resolves once saved. */
  onSubmit: (body: PollCreateBody) => Promise<unknown>;
  submitting: boolean;
}

/** The poll's name, priority, type, status (only the moves its status allows), visibility, start, end and visitor field. */
export function PollDetailsForm({ poll, onSubmit, submitting }: PollDetailsFormProps) {
  const { t } = useTranslation();
  const saved = useMemo(() => (poll ? valuesOf(poll) : NEW_POLL), [poll]);
  const {
    control,
    register,
    handleSubmit,
    getValues,
    reset,
    formState: { errors, dirtyFields, isDirty },
  } = useForm<DetailsValues>({ values: saved, resetOptions: { keepDirtyValues: true }, mode: 'onBlur' });

  const statuses = poll ? POLL_STATUS_TRANSITIONS[poll.status] : NEW_POLL_STATUSES;
  const notReady = poll ? liveProblems(poll.questions) : 'noQuestions';
  const required = t('adminPolls.validation.required');

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-label={t('adminPolls.details.title')}
      onSubmit={handleSubmit(async (values) => {
        try {
          await onSubmit(bodyOf(values, poll ? dirtyFields : undefined));
          reset(values);
        } catch {
          // The refusal is shown in the notification bar; the form keeps what was typed.
        }
      })}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <TextField
            {...inputOf(
              register('name', {
                validate: (value) => value.trim() !== '' || required,
                maxLength: { value: POLL_NAME_MAX, message: t('adminPolls.validation.tooLong', { max: POLL_NAME_MAX }) },
              }),
            )}
            label={t('adminPolls.fields.name')}
            required
            fullWidth
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
            slotProps={{ htmlInput: { maxLength: POLL_NAME_MAX, dir: 'auto' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <TextField
            {...inputOf(
              register('priority', {
                validate: (value) => (/^\d+$/.test(value.trim()) && Number(value) <= 1_000_000) || t('adminPolls.validation.priority'),
              }),
            )}
            label={t('adminPolls.fields.priority')}
            type="number"
            fullWidth
            error={Boolean(errors.priority)}
            helperText={errors.priority?.message ?? t('adminPolls.details.priorityHelp')}
            slotProps={{ htmlInput: { min: 0, max: 1_000_000, step: 1, inputMode: 'numeric' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Controller
            control={control}
            name="status"
            render={({ field: { value, onChange, onBlur, ref } }) => (
              <EnumSelect
                fullWidth
                label={t('adminPolls.fields.status')}
                value={value}
                options={statuses}
                labelOf={(status) => t(`adminPolls.status.${status}`)}
                isDisabled={(status) => status === PollStatus.LIVE && notReady !== undefined && poll?.status !== PollStatus.LIVE}
                onChange={(status) => status !== '' && onChange(status)}
                onBlur={onBlur}
                inputRef={ref}
                helperText={notReady && statuses.includes(PollStatus.LIVE) ? t(`adminPolls.details.notReady.${notReady}`) : undefined}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Controller
            control={control}
            name="type"
            render={({ field: { value, onChange, onBlur, ref } }) => (
              <EnumSelect
                fullWidth
                label={t('adminPolls.fields.type')}
                value={value}
                options={enumValues(PollType)}
                labelOf={(type) => t(`adminPolls.type.${type}`)}
                onChange={(type) => type !== '' && onChange(type)}
                onBlur={onBlur}
                inputRef={ref}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Controller
            control={control}
            name="visibility"
            render={({ field: { value, onChange, onBlur, ref } }) => (
              <EnumSelect
                fullWidth
                label={t('adminPolls.fields.visibility')}
                value={value}
                options={enumValues(PollVisibility)}
                labelOf={(visibility) => t(`adminPolls.visibility.${visibility}`)}
                onChange={(visibility) => visibility !== '' && onChange(visibility)}
                onBlur={onBlur}
                inputRef={ref}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <TextField
            {...inputOf(register('startsAt'))}
            label={t('adminPolls.fields.startsAt')}
            type="datetime-local"
            fullWidth
            helperText={t('adminPolls.details.startsHelp')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <TextField
            {...inputOf(
              register('endsAt', {
                validate: (value) => {
                  const startsAt = getValues('startsAt');
                  return !value || !startsAt || new Date(value) > new Date(startsAt) || t('adminPolls.validation.endsAfterStart');
                },
              }),
            )}
            label={t('adminPolls.fields.endsAt')}
            type="datetime-local"
            fullWidth
            error={Boolean(errors.endsAt)}
            helperText={errors.endsAt?.message ?? t('adminPolls.details.endsHelp')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Controller
            control={control}
            name="field"
            render={({ field: { value, onChange, onBlur, ref } }) => (
              <EnumSelect
                fullWidth
                label={t('adminPolls.fields.configField')}
                value={value}
                options={VISITOR_META_FIELDS}
                labelOf={(name) => t(`adminPolls.metaField.${name}`)}
                emptyLabel={t('adminPolls.details.noField')}
                onChange={onChange}
                onBlur={onBlur}
                inputRef={ref}
                helperText={t('adminPolls.details.configFieldHelp')}
              />
            )}
          />
        </Grid>
      </Grid>
      {poll && isDirty && <Alert severity="info">{t('adminPolls.details.unsaved')}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={submitting || (poll !== undefined && !isDirty)}>
          {poll ? t('adminPolls.details.save') : t('adminPolls.details.create')}
        </Button>
        {poll && isDirty && (
          <Button onClick={() => reset(saved)} disabled={submitting}>
            {t('adminPolls.details.discard')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
