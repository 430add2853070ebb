import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { VendorApiKey, VendorApiKeyCreated } from '@newsreel/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from '../../../lib/errors';
import { useRevokeVendorApiKey, useRotateVendorApiKey } from '../api/vendor-keys';
import { ConfirmButton } from './confirm-button';

function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    return (iso) => format.format(new Date(iso));
  }, [language]);
}

export interface VendorKeyListProps {
  keys: readonly VendorApiKey[];
  /** A rotated key's replacement, to show once. */
  onRotated: (created: VendorApiKeyCreated) => void;
}

/**
 * The vendor's keys as cards (a name, the key's first characters, when made and last used, live or
 * revoked), each live one with Rotate and Revoke, both asked for first. Cards, not a table, so a
 * phone shows every detail without scrolling sideways.
 */
export function VendorKeyList({ keys, onRotated }: VendorKeyListProps) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const revoke = useRevokeVendorApiKey();
  const rotate = useRotateVendorApiKey();
  const failure = revoke.error ?? rotate.error;
  if (keys.length === 0) return <Typography color="text.secondary">{t('vendor.keys.empty')}</Typography>;
  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('vendor.keys.listLabel')}>
      {failure && (
        <Alert severity="error" role="alert" component="li">
          {serverMessageOf(failure) ?? t('vendor.keys.changeFailed')}
        </Alert>
      )}
      {keys.map((key) => (
        <Paper key={key.id} component="li" variant="outlined" sx={{ p: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
            <Stack spacing={0.5} sx={{ minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  <bdi>{key.name}</bdi>
                </Typography>
                {key.revokedAt ? (
                  <Chip size="small" variant="outlined" label={t('vendor.keys.revokedOn', { date: dateTime(key.revokedAt) })} />
                ) : (
                  <Chip size="small" color="success" variant="outlined" label={t('vendor.keys.live')} />
                )}
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }} dir="ltr">
                {`${key.prefix}…`}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('vendor.keys.created', { date: dateTime(key.createdAt) })}
                {' · '}
                {key.lastUsedAt ? t('vendor.keys.lastUsed', { date: dateTime(key.lastUsedAt) }) : t('vendor.keys.neverUsed')}
              </Typography>
            </Stack>
            {!key.revokedAt && (
              <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                <ConfirmButton
                  color="warning"
                  label={t('vendor.keys.rotate')}
                  ariaLabel={t('vendor.keys.rotateKey', { name: key.name, prefix: key.prefix })}
                  title={t('vendor.keys.rotateTitle', { name: key.name })}
                  body={t('vendor.keys.rotateBody')}
                  disabled={rotate.isPending || revoke.isPending}
                  onConfirm={() => rotate.mutate(key.id, { onSuccess: onRotated })}
                />
                <ConfirmButton
                  label={t('vendor.keys.revoke')}
                  ariaLabel={t('vendor.keys.revokeKey', { name: key.name, prefix: key.prefix })}
                  title={t('vendor.keys.revokeTitle', { name: key.name })}
                  body={t('vendor.keys.revokeBody')}
                  disabled={rotate.isPending || revoke.isPending}
                  onConfirm={() => revoke.mutate(key.id)}
                />
              </Stack>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
