import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import { apiPaths, vendorApiPaths } from '@newsreel/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/state';

/** The API's address as a client elsewhere reaches it: this server's origin, or the API's own. */
function useApiOrigin(): string {
  const api = useAppSelector((state) => state.api);
  return new URL(api || '/', window.location.href).href.replace(/\/+$/, '');
}

/** One step of the guide: what it does, and the command, with a button that copies it. */
function Example({ title, text, command }: { title: string; text: string; command: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const titleId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <section aria-labelledby={titleId}>
      <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {text}
      </Typography>
      <Paper variant="outlined" sx={{ p: 1.5, bgcolor: 'background.default' }}>
        {/* Commands read left to right in every language; long ones wrap rather than scroll the page. */}
        <Typography component="pre" dir="ltr" sx={{ m: 0, fontFamily: 'monospace', fontSize: '0.85rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <code>{command}</code>
        </Typography>
      </Paper>
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
        <Button size="small" variant="outlined" startIcon={<ContentCopyRounded aria-hidden />} onClick={() => void copy()} aria-label={t('vendor.guide.copyCommand', { title })}>
          {t('vendor.guide.copy')}
        </Button>
        <Typography variant="body2" role="status" color={copied === 'no' ? 'warning.main' : 'success.main'}>
          {copied === 'yes' ? t('vendor.guide.copied') : copied === 'no' ? t('vendor.guide.copyFailed') : ''}
        </Typography>
      </Stack>
    </section>
  );
}

/**
 * A short guide to the vendor API with commands to copy, written for this server's address:
 * exchange a key for a token, list, search and show articles, and what the rate limit answers.
 */
export function ApiGuide() {
  const { t } = useTranslation();
  const origin = useApiOrigin();
  const auth = `-H "Authorization: Bearer $TOKEN"`;
  const examples = [
    {
      title: t('vendor.guide.tokenTitle'),
      text: t('vendor.guide.tokenText'),
      command: `TOKEN=$(curl -s -X POST ${origin}${apiPaths.authVendor} \\\n  -H 'Content-Type: application/json' \\\n  -d '{"key":"YOUR_API_KEY"}' | sed -E 's/.*"accessToken":"([^"]+)".*/\\1/')`,
    },
    { title: t('vendor.guide.listTitle'), text: t('vendor.guide.listText'), command: `curl -s "${origin}${vendorApiPaths.articles}?limit=20&language=en" \\\n  ${auth}` },
    { title: t('vendor.guide.nextTitle'), text: t('vendor.guide.nextText'), command: `curl -s "${origin}${vendorApiPaths.articles}?limit=20&order=asc&updatedSince=2026-01-01T00:00:00Z&cursor=NEXT_CURSOR" \\\n  ${auth}` },
    { title: t('vendor.guide.searchTitle'), text: t('vendor.guide.searchText'), command: `curl -s "${origin}${vendorApiPaths.articleSearch}?q=climate" \\\n  ${auth}` },
    { title: t('vendor.guide.showTitle'), text: t('vendor.guide.showText'), command: `curl -s "${origin}${vendorApiPaths.article('ARTICLE_ID')}" \\\n  ${auth}` },
  ];
  return (
    <Stack spacing={3}>
      {/* The names in the commands read left to right inside a right-to-left sentence too (U+2066 … U+2069). */}
      <Typography>{t('vendor.guide.intro', { key: '\u2066YOUR_API_KEY\u2069', token: '\u2066$TOKEN\u2069' })}</Typography>
      {examples.map((example) => (
        <Example key={example.title} {...example} />
      ))}
      <section>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('vendor.guide.limitsTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('vendor.guide.limitsText')}
        </Typography>
      </section>
      <Typography variant="body2">
        {t('vendor.guide.reference')}{' '}
        <Link href={`${origin}/docs`} dir="ltr">{`${origin}/docs`}</Link>
      </Typography>
    </Stack>
  );
}
