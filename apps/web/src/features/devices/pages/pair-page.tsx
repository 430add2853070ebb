import TvRounded from '@mui/icons-material/TvRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { normalizePairingCode, PAIRING_CODE_LENGTH, type Device, type DevicePrecheck } from '@newsreel/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { RequireSignIn } from '../../account/components/require-sign-in';
import { useDevicePrecheck, usePairDevice } from '../api/devices';
import { deviceKindLabel, deviceName, deviceSoftware } from '../lib/device-labels';
import { typedPairingCode } from '../lib/pairing-code';

/** This site's address without the scheme, as a person types it on a TV ("news.example/tv"). */
const tvAddress = () => `${window.location.host}${paths.tv.href()}`;

/**
 * `/pair`: the reader pairs a screen to their account with the code it shows, typed here or
 * carried by its QR code's link (`/pair?code=…`). The check (precheck) shows what the screen is
 * before it is paired (verify). Signed out, the reader signs in first and comes back with the code.
 */
export function PairPage() {
  return <RequireSignIn>{() => <Pairing />}</RequireSignIn>;
}

function Pairing() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [typed, setTyped] = useState(() => typedPairingCode(search.get('code') ?? ''));
  const [touched, setTouched] = useState(false);
  const code = normalizePairingCode(typed);
  const precheck = useDevicePrecheck(code);
  const pair = usePairDevice();
  const hintId = useId();
  const incomplete = touched && code === null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (code !== null) void precheck.refetch();
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 }, px: { xs: 2, sm: 3 } }}>
      <Stack spacing={3}>
        <Stack spacing={1}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
            {t('devices.pair.title')}
          </Typography>
          <Typography color="text.secondary">{t('devices.pair.intro')}</Typography>
          <Typography component="p" dir="ltr" sx={{ fontWeight: 700, fontSize: '1.25rem', alignSelf: 'flex-start' }}>
            {tvAddress()}
          </Typography>
          <Typography color="text.secondary">{t('devices.pair.introAfter')}</Typography>
        </Stack>

        <Paper component="form" noValidate onSubmit={onSubmit} variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 3 }}>
          <Stack spacing={2}>
            <TextField
              label={t('devices.pair.codeLabel')}
              value={typed}
              onChange={(event) => {
                setTyped(typedPairingCode(event.target.value));
                pair.reset();
              }}
              onBlur={() => setTouched(typed.length > 0)}
              error={incomplete}
              helperText={incomplete ? t('devices.pair.codeIncomplete', { count: PAIRING_CODE_LENGTH }) : t('devices.pair.codeHint', { count: PAIRING_CODE_LENGTH })}
              autoFocus={typed === ''}
              slotProps={{
                htmlInput: {
                  dir: 'ltr',
                  autoComplete: 'off',
                  autoCapitalize: 'characters',
                  autoCorrect: 'off',
                  spellCheck: false,
                  maxLength: PAIRING_CODE_LENGTH + 1,
                  'aria-describedby': hintId,
                  style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '1.75rem', letterSpacing: '0.15em', textAlign: 'center' },
                },
                formHelperText: { id: hintId },
              }}
            />
            {code === null && (
              <Button type="submit" variant="contained" size="large">
                {t('devices.pair.check')}
              </Button>
            )}
          </Stack>
        </Paper>

        {code !== null && (
          <CheckedScreen
            code={code}
            precheck={precheck.data}
            loading={precheck.isPending}
            checkError={precheck.error}
            onRetry={() => void precheck.refetch()}
            paired={pair.data}
            pairing={pair.isPending}
            pairError={pair.error}
            onPair={() => pair.mutate(code)}
          />
        )}
      </Stack>
    </Container>
  );
}

/** The words for a refused check or pairing: 404 no such code, 409 someone else's, 410 expired. */
function problemKey(error: unknown): string {
  if (!isApiError(error)) return 'devices.pair.errors.failed';
  switch (error.status) {
    case 400:
    case 404:
      return 'devices.pair.errors.notFound';
    case 409:
      return 'devices.pair.errors.taken';
    case 410:
      return 'devices.pair.errors.expired';
    default:
      return 'devices.pair.errors.failed';
  }
}

interface CheckedScreenProps {
  code: string;
  precheck: DevicePrecheck | undefined;
  loading: boolean;
  checkError: unknown;
  onRetry: () => void;
  paired: Device | undefined;
  pairing: boolean;
  pairError: unknown;
  onPair: () => void;
}

function CheckedScreen({ precheck, loading, checkError, onRetry, paired, pairing, pairError, onPair }: CheckedScreenProps) {
  const { t } = useTranslation();
  const [now] = useState(() => Date.now());
  if (loading) return <CircularProgress aria-label={t('devices.pair.checking')} sx={{ alignSelf: 'center' }} />;
  if (checkError || !precheck) {
    const key = problemKey(checkError);
    return (
      <Alert severity="error" role="alert" action={key === 'devices.pair.errors.failed' ? <Button onClick={onRetry}>{t('devices.retry')}</Button> : undefined}>
        {t(key)}
      </Alert>
    );
  }
  const name = deviceName(t, paired ?? precheck);
  const software = deviceSoftware(precheck);
  const minutesLeft = Math.max(1, Math.ceil((Date.parse(precheck.expiresAt) - now) / 60_000));
  return (
    <Paper component="section" aria-label={t('devices.pair.screenLabel')} variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 3 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Box aria-hidden sx={{ color: 'primary.main', display: 'flex', '& svg': { fontSize: 48 } }}>
            <TvRounded />
          </Box>
          <div>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              <bdi>{name}</bdi>
            </Typography>
            <Typography color="text.secondary">
              {deviceKindLabel(t, precheck.type)}
              {software && (
                <>
                  {' · '}
                  <bdi>{software}</bdi>
                </>
              )}
            </Typography>
          </div>
        </Stack>

        {paired ? (
          <Alert severity="success" role="status">
            {t('devices.pair.done', { name })}
          </Alert>
        ) : precheck.status === 'expired' ? (
          <Alert severity="warning">{t('devices.pair.errors.expired')}</Alert>
        ) : !precheck.canPair ? (
          <Alert severity="error">{t('devices.pair.errors.taken')}</Alert>
        ) : precheck.status === 'paired' ? (
          <Alert severity="info">{t('devices.pair.alreadyYours')}</Alert>
        ) : (
          <Typography color="text.secondary">{t('devices.pair.waiting', { count: minutesLeft })}</Typography>
        )}

        {pairError !== null && pairError !== undefined && !paired && (
          <Alert severity="error" role="alert">
            {t(problemKey(pairError))}
          </Alert>
        )}

        {paired || precheck.status === 'paired' ? (
          <Button component={RouterLink} to={paths.devices.href()} variant={paired ? 'contained' : 'outlined'} size="large">
            {t('devices.pair.yourScreens')}
          </Button>
        ) : (
          precheck.canPair &&
          precheck.status === 'pending' && (
            <Button variant="contained" size="large" onClick={onPair} disabled={pairing}>
              {t('devices.pair.pair')}
            </Button>
          )
        )}
      </Stack>
    </Paper>
  );
}
