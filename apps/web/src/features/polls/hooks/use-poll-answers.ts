import type { Poll, PollAnswer, PollQuestion } from '@newsreel/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appActions, useAppDispatch, useAppStore, useErrorHandlers } from '../../../app/state';
import { trackPollVote } from '../../../lib/analytics-events';
import { serverErrorOf, serverMessageOf } from '../../../lib/errors';
import { rememberVisitorMeta } from '../../visitors/visitor-meta';
import { usePollCounts } from '../api/get-poll-counts';
import { useVotePoll } from '../api/vote-poll';
import { metaFieldOf } from '../lib/choose-poll';
import { recordPollAnswer } from '../lib/poll-history';
import { readerPlaceOf } from '../lib/reader-place';

/**
 * One reader going through one poll: each answer is sent as a vote, recorded in the poll
 * history (and a visitor-meta answer on the visitor), and queued as an analytics event; after
 * the last question the results are read. A vote that fails goes to the error handler (SPEC §8)
 * and the question stays; one the server already has (ALREADY_VOTED) counts as answered.
 */
export function usePollAnswers(poll: Poll) {
  const { t } = useTranslation();
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const [questionIndex, setQuestionIndex] = useState(0);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  // Where the reader is, read once: the votes and the results' "near you" and "your region" agree.
  const [place] = useState(() => readerPlaceOf(store.getState()));
  const pollMessageOf = useCallback(
    (error: unknown) => {
      const code = serverErrorOf(error)?.code;
      return code === 'POLL_NOT_LIVE' || code === 'ALREADY_VOTED' ? t(`poll.errors.${code}`) : serverMessageOf(error);
    },
    [t],
  );
  const { handleError } = useErrorHandlers({ messageOf: pollMessageOf });
  const vote = useVotePoll();
  const finished = questionIndex >= poll.questions.length;
  const countsQuery = useMemo(
    () => ({
      ...(place.lat !== undefined && place.lon !== undefined && { lat: place.lat, lon: place.lon }),
      ...(place.regionId !== undefined && { regionId: place.regionId }),
    }),
    [place],
  );
  const counts = usePollCounts(poll.id, countsQuery, finished);

  async function answer(question: PollQuestion, pollAnswer: PollAnswer) {
    const state = store.getState();
    const visitor = state.visitor;
    try {
      if (!visitor) throw new Error('No visitor to vote as');
      const { alreadyVoted } = await vote.mutateAsync({
        pollId: poll.id,
        body: { visitorId: visitor.id, pollQuestionId: question.id, pollAnswerId: pollAnswer.id, ...countsQuery },
      });
      const field = metaFieldOf(poll, question);
      const completesPoll = poll.questions.at(-1)?.id === question.id;
      recordPollAnswer({ pollId: poll.id, pollQuestionId: question.id, field, completesPoll });
      if (field) dispatch(appActions.setVisitor(rememberVisitorMeta(store.getState().visitor ?? visitor, field, pollAnswer.label)));
      if (!alreadyVoted) trackPollVote({ poll, question, answer: pollAnswer, article: state.currentArticle });
      setChosen((previous) => ({ ...previous, [question.id]: pollAnswer.id }));
      setQuestionIndex((index) => index + 1);
    } catch (error) {
      handleError(error);
      // An ended poll takes no more answers: it is put away.
      if (serverErrorOf(error)?.code === 'POLL_NOT_LIVE') dispatch(appActions.setPoll(null));
    }
  }

  return {
    questionIndex,
    chosen,
    answer,
    busy: vote.isPending,
    results: counts.data,
    resultsError: counts.error ? t('poll.resultsFailed') : null,
    retryResults: () => void counts.refetch(),
  };
}
