import TvRounded from '@mui/icons-material/TvRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Device } from '@newsreel/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useErrorHandlers } from '../../../app/state';
import { formatAge, formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { RequireSignIn } from '../../account/components/require-sign-in';
import { useDevices, useRenameDevice, useUnpairDevice } from '../api/devices';
import { deviceKindLabel, deviceName, deviceSoftware } from '../lib/device-labels';

/** DeviceUpdateSchema's limit for a name. */
const NAME_MAX = 80;

/** `/account/devices`: the reader's paired screens: which plays now, renaming and unpairing them. */
export function DevicesPage() {
  return <RequireSignIn>{() => <Devices />}</RequireSignIn>;
}

function Devices() {
  const { t } = useTranslation();
  const devices = useDevices();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}>
      <Stack direction="row" useFlexGap sx={{ mb: 3, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          {t('devices.list.title')}
        </Typography>
        {devices.data && devices.data.items.length > 0 && (
          <Button component={RouterLink} to={paths.pair.href()} variant="outlined">
            {t('devices.list.pairAnother')}
          </Button>
        )}
      </Stack>
      {devices.isPending ? (
        <Stack sx={{ alignItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('devices.list.loading')} />
        </Stack>
      ) : devices.isError ? (
        <Alert severity="error" action={<Button onClick={() => void devices.refetch()}>{t('devices.retry')}</Button>}>
          {t('devices.list.loadFailed')}
        </Alert>
      ) : devices.data.items.length === 0 ? (
        <NoDevices />
      ) : (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {devices.data.items.map((device) => (
            <DeviceItem key={device.id} device={device} />
          ))}
        </Stack>
      )}
    </Container>
  );
}

function NoDevices() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box aria-hidden sx={{ color: 'primary.main', display: 'flex', '& svg': { fontSize: 48 } }}>
          <TvRounded />
        </Box>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t('devices.list.emptyTitle')}
        </Typography>
        <Typography color="text.secondary">{t('devices.list.emptyBody')}</Typography>
        <Typography component="p" dir="ltr" sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
          {`${window.location.host}${paths.tv.href()}`}
        </Typography>
        <Typography color="text.secondary">{t('devices.list.emptyThen')}</Typography>
        <Button component={RouterLink} to={paths.pair.href()} variant="contained">
          {t('devices.list.pair')}
        </Button>
      </Stack>
    </Paper>
  );
}

function DeviceItem({ device }: { device: Device }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [renaming, setRenaming] = useState(false);
  const [unpairing, setUnpairing] = useState(false);
  const titleId = useId();
  const name = deviceName(t, device);
  const software = deviceSoftware(device);
  return (
    <Paper component="li" aria-labelledby={titleId} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box aria-hidden sx={{ color: device.streaming ? 'success.main' : 'text.secondary', display: { xs: 'none', sm: 'flex' }, '& svg': { fontSize: 40 } }}>
          <TvRounded />
        </Box>
        <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography id={titleId} variant="h6" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              <bdi>{name}</bdi>
            </Typography>
            {device.streaming && <Chip size="small" color="success" label={t('devices.list.playing')} />}
          </Stack>
          <Typography color="text.secondary">
            {deviceKindLabel(t, device.type)}
            {software && (
              <>
                {' · '}
                <bdi>{software}</bdi>
              </>
            )}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('devices.list.pairedOn', { date: formatDate(device.pairedAt, language) })}
            {' · '}
            {device.lastSeenAt ? t('devices.list.lastSeen', { age: formatAge(device.lastSeenAt, language) }) : t('devices.list.neverSeen')}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button variant="outlined" onClick={() => setRenaming(true)} aria-label={t('devices.list.renameNamed', { name })}>
            {t('devices.list.rename')}
          </Button>
          <Button variant="outlined" color="error" onClick={() => setUnpairing(true)} aria-label={t('devices.list.unpairNamed', { name })}>
            {t('devices.list.unpair')}
          </Button>
        </Stack>
      </Stack>
      {renaming && <RenameDialog device={device} name={name} onClose={() => setRenaming(false)} />}
      {unpairing && <UnpairDialog device={device} name={name} onClose={() => setUnpairing(false)} />}
    </Paper>
  );
}

function RenameDialog({ device, name, onClose }: { device: Device; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const rename = useRenameDevice();
  const { handleError } = useErrorHandlers();
  const [value, setValue] = useState(device.name ?? name);
  const [touched, setTouched] = useState(false);
  const trimmed = value.trim();
  const problem = trimmed.length === 0 ? t('devices.rename.empty') : trimmed.length > NAME_MAX ? t('devices.rename.tooLong', { count: NAME_MAX }) : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    rename.mutate({ id: device.id, name: trimmed }, { onSuccess: onClose, onError: handleError });
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" slotProps={{ paper: { component: 'form', onSubmit, noValidate: true } as object }}>
      <DialogTitle>{t('devices.rename.title')}</DialogTitle>
      <DialogContent>
        <TextField
          label={t('devices.rename.label')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && problem !== null}
          helperText={(touched && problem) || t('devices.rename.hint')}
          autoFocus
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { maxLength: NAME_MAX + 20 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('devices.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={rename.isPending}>
          {t('devices.rename.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function UnpairDialog({ device, name, onClose }: { device: Device; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const unpair = useUnpairDevice();
  const { handleError } = useErrorHandlers();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('devices.unpair.title', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('devices.unpair.body')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('devices.cancel')}</Button>
        <Button color="error" variant="contained" disabled={unpair.isPending} onClick={() => unpair.mutate(device.id, { onSuccess: onClose, onError: handleError })}>
          {t('devices.unpair.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
