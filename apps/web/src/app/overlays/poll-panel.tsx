import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import {
  QuestionType,
  REGIONS,
  type Poll,
  type PollAnswer,
  type PollAsset,
  type PollCounts,
  type PollQuestion,
  type QuestionCounts,
} from '@newsreel/contracts';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { visuallyHidden } from '../../lib/visually-hidden';

/**
 * A poll as the reader sees it (SPEC §2 poll dialog): its picture or video, then one question at
 * a time, then the results. It only draws what it is given and says what the reader chose
 * (`onAnswer`); the dialog (poll-dialog.tsx) sends the votes and reads the results, and the admin
 * poll studio shows it as a live preview. Its strings are the `poll` section (lib/lazy-strings.ts).
 */
export interface PollPanelProps {
  poll: Poll;
  /** Index in `poll.questions` of the question asked; from `poll.questions.length` on, the results are shown. */
  questionIndex: number;
  /** The reader's answer to the question asked. */
  onAnswer?: (question: PollQuestion, answer: PollAnswer) => void;
  /** The poll's results, once every question is answered; undefined while they load. */
  results?: PollCounts;
  /** An answer is being sent: nothing can be changed or sent again until it is done. */
  busy?: boolean;
  /** Why the results are missing, shown in place of them (with `onRetry` as a button). */
  error?: string | null;
  onRetry?: () => void;
  /** The answer given to each question, by question id: marked in the results. */
  chosen?: Readonly<Record<string, string>>;
  /** Takes the focus to the first question when first drawn (in a dialog); each later step always takes it. */
  autoFocus?: boolean;
  /** The id of the poll's name, for a dialog's aria-labelledby. */
  titleId?: string;
  /** False where the poll's name is drawn around the panel (a dialog's title). */
  showName?: boolean;
  /** Shown under the poll's name (the article it is asked beside). */
  context?: ReactNode;
}

export function PollPanel({ poll, questionIndex, onAnswer, results, busy = false, error, onRetry, chosen = {}, autoFocus = false, titleId, showName = true, context }: PollPanelProps) {
  const generatedId = useId();
  const headingId = titleId ?? `${generatedId}-title`;
  const question = poll.questions[questionIndex];
  const asset = poll.assets.find((candidate) => candidate.url);
  return (
    <Box data-poll-panel sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      {(showName || context) && (
        <Box>
          {showName && (
            <Typography id={headingId} component="h2" variant="h6" dir="auto" sx={{ lineHeight: 1.3 }}>
              {poll.name}
            </Typography>
          )}
          {context && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: showName ? 0.5 : 0 }}>
              {context}
            </Typography>
          )}
        </Box>
      )}
      {asset && <PollAssetView asset={asset} />}
      {question ? (
        <QuestionStep
          key={question.id}
          poll={poll}
          question={question}
          number={questionIndex + 1}
          onAnswer={onAnswer}
          busy={busy}
          takeFocus={autoFocus || questionIndex > 0}
        />
      ) : (
        <PollResults results={results} error={error} onRetry={onRetry} chosen={chosen} takeFocus={autoFocus || questionIndex > 0} />
      )}
    </Box>
  );
}

function PollAssetView({ asset }: { asset: PollAsset }) {
  const { t } = useTranslation();
  const sx = { display: 'block', width: '100%', maxHeight: { xs: 180, sm: 260 }, objectFit: 'cover', borderRadius: 2, bgcolor: 'grey.900' } as const;
  if (!asset.url) return null;
  if (asset.fileType.startsWith('video/')) {
    return <Box component="video" src={asset.url} controls muted playsInline preload="metadata" aria-label={t('poll.video')} sx={sx} />;
  }
  // The poll's words are all in its name and questions; the picture only illustrates them.
  return <Box component="img" src={asset.url} alt="" sx={sx} />;
}

/**
 * Moves the focus to `ref` when drawn with `take`: always in a dialog, elsewhere (a studio's
 * preview beside a form) only when the focus is in the panel already or nowhere.
 */
function useTakeFocus(ref: RefObject<HTMLElement | null>, take: boolean) {
  useEffect(() => {
    const target = ref.current;
    if (!take || !target) return;
    const active = document.activeElement;
    const panel = target.closest('[data-poll-panel]');
    if (target.closest('[role="dialog"]') || !active || active === document.body || panel?.contains(active)) target.focus();
  }, [ref, take]);
}

function QuestionStep({
  poll,
  question,
  number,
  onAnswer,
  busy,
  takeFocus,
}: {
  poll: Poll;
  question: PollQuestion;
  number: number;
  onAnswer?: PollPanelProps['onAnswer'];
  busy: boolean;
  takeFocus: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [answerId, setAnswerId] = useState('');
  const labelRef = useRef<HTMLLegendElement>(null);
  const id = useId();
  const labelId = `${id}-label`;
  const progressId = `${id}-progress`;
  const scale = question.type === QuestionType.SCALE;
  const aboutReader = question.type === QuestionType.VISITOR_META || Boolean(question.field);
  useTakeFocus(labelRef, takeFocus);

  function submit(event: FormEvent) {
    event.preventDefault();
    const answer = question.answers.find((candidate) => candidate.id === answerId);
    if (answer && !busy) onAnswer?.(question, answer);
  }

  const total = poll.questions.length;
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {total > 1 && (
        <Typography id={progressId} variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
          {t('poll.progress', { number: formatNumber(number, language), total: formatNumber(total, language) })}
        </Typography>
      )}
      <FormControl component="fieldset" disabled={busy} sx={{ minWidth: 0 }}>
        <FormLabel
          component="legend"
          id={labelId}
          ref={labelRef}
          tabIndex={-1}
          dir="auto"
          sx={{ color: 'text.primary', typography: 'subtitle1', fontWeight: 600, mb: 1, '&.Mui-focused': { color: 'text.primary' }, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}
        >
          {question.label}
        </FormLabel>
        {aboutReader && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('poll.aboutYou')}
          </Typography>
        )}
        <RadioGroup
          aria-labelledby={labelId}
          aria-describedby={total > 1 ? progressId : undefined}
          name={`poll-${question.id}`}
          value={answerId}
          onChange={(event) => setAnswerId(event.target.value)}
          row={scale}
          sx={
            scale
              ? {
                  display: 'grid',
                  gridTemplateColumns: `repeat(${question.answers.length}, minmax(0, 1fr))`,
                  gap: 0.5,
                }
              : { gap: 0.5 }
          }
        >
          {question.answers.map((answer) => (
            <FormControlLabel
              key={answer.id}
              value={answer.id}
              control={<Radio size={scale ? 'small' : 'medium'} />}
              label={<bdi>{answer.label}</bdi>}
              labelPlacement={scale ? 'bottom' : 'end'}
              sx={
                scale
                  ? { m: 0, py: 0.5, border: 1, borderColor: answer.id === answerId ? 'primary.main' : 'divider', borderRadius: 2, textAlign: 'center', minWidth: 0, overflowWrap: 'anywhere' }
                  : { m: 0, paddingInlineEnd: 1.5, border: 1, borderColor: answer.id === answerId ? 'primary.main' : 'divider', borderRadius: 2, overflowWrap: 'anywhere' }
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Button type="submit" variant="contained" disabled={!answerId || busy} aria-describedby={busy ? `${id}-busy` : undefined}>
          {t('poll.vote')}
        </Button>
        {busy && (
          <>
            <CircularProgress size={20} aria-hidden />
            <Typography id={`${id}-busy`} role="status" variant="body2" color="text.secondary">
              {t('poll.sending')}
            </Typography>
          </>
        )}
      </Box>
    </Box>
  );
}

type Scope = 'nearby' | 'region' | 'everyone';

function PollResults({
  results,
  error,
  onRetry,
  chosen,
  takeFocus,
}: {
  results: PollCounts | undefined;
  error: string | null | undefined;
  onRetry?: () => void;
  chosen: Readonly<Record<string, string>>;
  takeFocus: boolean;
}) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = `${useId()}-results`;
  useTakeFocus(headingRef, takeFocus);
  const region = results?.region ? REGIONS.find((candidate) => candidate.id === results.region?.regionId) : undefined;
  const scopes: { scope: Scope; label: string; questions: QuestionCounts[] | undefined }[] = [
    { scope: 'nearby', label: t('poll.scope.nearby'), questions: results?.nearby?.questions },
    { scope: 'region', label: region ? t('poll.scope.region', { region: t(`regions.names.${region.code}`, { defaultValue: region.name }) }) : '', questions: results?.region?.questions },
    { scope: 'everyone', label: t('poll.scope.everyone'), questions: results?.everyone },
  ];
  const questions = results?.everyone ?? [];
  return (
    <Box component="section" aria-labelledby={headingId} aria-busy={!results && !error} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography ref={headingRef} id={headingId} component="h3" variant="subtitle1" tabIndex={-1} sx={{ fontWeight: 700, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}>
        {t('poll.results')}
      </Typography>
      {Object.keys(chosen).length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5 }}>
          {t('poll.thanks')}
        </Typography>
      )}
      {/* Said once the results are in, for a screen reader whose focus is on the heading above. */}
      <Box role="status" sx={visuallyHidden}>
        {results ? t('poll.resultsReady') : ''}
      </Box>
      {error ? (
        <Alert severity="error" action={onRetry && <Button color="inherit" size="small" onClick={onRetry}>{t('common.retry')}</Button>}>
          {error}
        </Alert>
      ) : !results ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography variant="body2" color="text.secondary">
            {t('poll.loadingResults')}
          </Typography>
        </Box>
      ) : (
        questions.map((question) => (
          <Box key={question.pollQuestionId} component="section" aria-label={question.label} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <Typography component="h4" variant="subtitle2" dir="auto" sx={{ fontWeight: 600 }}>
              {question.label}
            </Typography>
            {scopes.map(({ scope, label, questions: scoped }) => {
              const counts = scoped?.find((candidate) => candidate.pollQuestionId === question.pollQuestionId);
              if (!counts || counts.total === 0) return null;
              return <ScopeBars key={scope} label={label} counts={counts} chosenAnswerId={chosen[question.pollQuestionId]} />;
            })}
          </Box>
        ))
      )}
    </Box>
  );
}

function ScopeBars({ label, counts, chosenAnswerId }: { label: string; counts: QuestionCounts; chosenAnswerId: string | undefined }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const labelId = `${useId()}-scope`;
  return (
    <Box sx={{ borderInlineStart: '3px solid', borderColor: 'divider', paddingInlineStart: 1.5 }}>
      <Typography id={labelId} variant="body2" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, mb: 0.5 }}>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {label}
        </Box>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {t('poll.votes', { votes: formatNumber(counts.total, language) })}
        </Box>
      </Typography>
      <Box component="ul" aria-labelledby={labelId} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
        {counts.answers.map((answer) => {
          const mine = answer.pollAnswerId === chosenAnswerId;
          return (
            <Box component="li" key={answer.pollAnswerId}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, typography: 'body2' }}>
                <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere', fontWeight: mine ? 700 : 400 }}>
                  <bdi>{answer.label}</bdi>
                  {mine && (
                    <Box component="span" sx={{ color: 'primary.main', fontWeight: 400 }}>
                      {` · ${t('poll.yourAnswer')}`}
                    </Box>
                  )}
                </Box>
                <Box component="span" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
                  {formatNumber(answer.percentage / 100, language, { style: 'percent', maximumFractionDigits: 0 })}
                </Box>
              </Box>
              <Box aria-hidden sx={{ mt: 0.25, height: 8, borderRadius: 4, bgcolor: 'action.hover', overflow: 'hidden' }}>
                <Box sx={{ height: '100%', width: `${answer.percentage}%`, borderRadius: 4, bgcolor: mine ? 'primary.main' : 'text.secondary', transition: 'width 400ms ease-out', '@media (prefers-reduced-motion: reduce)': { transition: 'none' } }} />
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
