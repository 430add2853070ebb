import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TranslateRounded from '@mui/icons-material/TranslateRounded';
import type { AdminArticle, ArticleTranslation } from '@newsreel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { formatNumber, languageName } from '../../../lib/format';
import { SUPPORTED_LANGUAGES } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useArticleAiWork, useTranslateArticle } from '../api/ai-results';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import { EditorSection } from './editor-section';
import { EnumSelect } from './enum-select';
import { LoadFailed } from './load-failed';

const stateColor = { queued: 'info', done: 'success', failed: 'error' } as const;

/**
 * An article's AI extras (SPEC §7): how its summary was written (by a model, or the built-in
 * extractive one), and its translations — asked for here in a language, made in the background,
 * their state read again every 2 s until they end.
 */
export function ArticleAiSection({ article }: { article: AdminArticle }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dateTime = useDateTimeFormat();
  const dispatch = useAppDispatch();
  const work = useArticleAiWork(article.id);
  const translate = useTranslateArticle();
  const choices = SUPPORTED_LANGUAGES.map((entry) => entry.code).filter((code) => code !== article.language);
  const [chosen, setChosen] = useState<string>('');
  const data = work.data;
  const configured = Boolean(data?.translationProvider);

  const ask = () =>
    translate.mutate(
      { articleId: article.id, language: chosen },
      { onSuccess: () => dispatch(appActions.showNotification(t('adminAi.article.queued', { language: languageName(chosen, language) }))) },
    );

  return (
    <EditorSection id="ai" title={t('adminAi.article.title')} intro={t('adminAi.article.intro')}>
      {work.isError && !data ? (
        <LoadFailed message={t('adminAi.article.loadFailed')} onRetry={() => void work.refetch()} />
      ) : !data ? (
        <CircularProgress size={24} aria-label={t('adminAi.loading')} />
      ) : (
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {data.summary
              ? t(`adminAi.article.summary.${data.summary.method}`, { provider: data.summary.provider, at: dateTime(data.summary.createdAt) })
              : t('adminAi.article.summary.none')}
          </Typography>
          {!configured && (
            <Alert severity="info" role="status">
              {t('adminAi.article.noProvider')}
            </Alert>
          )}
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
            <EnumSelect
              size="small"
              label={t('adminAi.article.language')}
              value={chosen}
              options={choices}
              labelOf={(code) => languageName(code, language)}
              emptyLabel={t('adminAi.article.choose')}
              disabled={!configured}
              onChange={(code) => setChosen(code)}
              sx={{ minWidth: 200 }}
            />
            <Button variant="outlined" startIcon={<TranslateRounded aria-hidden />} disabled={!configured || chosen === '' || translate.isPending} onClick={ask}>
              {t('adminAi.article.translate')}
            </Button>
          </Stack>
          {data.translations.length > 0 && (
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('adminAi.article.translations')}>
              {data.translations.map((translation) => (
                <TranslationRow key={translation.language} articleId={article.id} translation={translation} />
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </EditorSection>
  );
}

function TranslationRow({ articleId, translation }: { articleId: string; translation: ArticleTranslation }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const name = languageName(translation.language, language);
  return (
    <Stack component="li" spacing={0.5} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 700 }}>{name}</Typography>
        <Chip
          size="small"
          color={stateColor[translation.state]}
          variant="outlined"
          icon={translation.state === 'queued' ? <CircularProgress size={12} aria-hidden /> : undefined}
          label={t(`adminAi.article.state.${translation.state}`)}
        />
        {translation.state === 'done' && translation.cueCount !== null && (
          <Link component={RouterLink} variant="body2" to={paths.article.href(articleId, { language: translation.language })}>
            {t('adminAi.article.watch', { cues: formatNumber(translation.cueCount, language) })}
          </Link>
        )}
      </Stack>
      {translation.title && (
        <Typography variant="body2" lang={translation.language} dir="auto">
          {translation.title}
        </Typography>
      )}
      {translation.state === 'failed' && translation.error && (
        <Typography variant="body2" color="error" dir="ltr" sx={{ overflowWrap: 'anywhere' }}>
          {translation.error}
        </Typography>
      )}
    </Stack>
  );
}
