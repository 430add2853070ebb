import type { AiResult } from '@newsreel/contracts';
import { useEffect, useRef, useState } from 'react';
import { useDataApi } from '../../../app/state';
import { streamAi, type AiAskKind } from '../api/ai';
import { aiHistory } from '../lib/ai-history';

export interface AiStreamState {
  kind: AiAskKind;
  query: string;
  status: 'streaming' | 'done' | 'failed';
  /** The words written so far (the `delta` events), before the result with its citations arrives. */
  text: string;
  extractive: boolean | null;
  result: AiResult | null;
  error: unknown;
}

/**
 * Asks the AI search and follows its answer as it streams in. A new question ends the one before
 * (its request is aborted), as does leaving the page. Once the result is stored it goes into the
 * reader's history and `onResult` hears of it (the page moves to its link).
 */
export function useAiStream(onResult: (result: AiResult) => void) {
  const api = useDataApi();
  const [state, setState] = useState<AiStreamState | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  function ask(kind: AiAskKind, query: string) {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    const update = (change: Partial<AiStreamState>) => {
      if (controller.current === current) setState((previous) => (previous ? { ...previous, ...change } : previous));
    };
    setState({ kind, query, status: 'streaming', text: '', extractive: null, result: null, error: null });
    let text = '';
    streamAi(api, kind, query, {
      signal: current.signal,
      onEvent: (message) => {
        if (message.event === 'start') update({ extractive: message.data.extractive });
        else if (message.event === 'delta') {
          text += message.data.text;
          update({ text });
        }
      },
    }).then(
      (result) => {
        if (controller.current !== current) return;
        aiHistory.add({ query, askedAt: new Date().toISOString(), resultId: result.id, type: kind });
        update({ status: 'done', result });
        onResult(result);
      },
      (error: unknown) => {
        if (current.signal.aborted) return;
        update({ status: 'failed', error });
      },
    );
  }

  function reset() {
    controller.current?.abort();
    controller.current = null;
    setState(null);
  }

  return { state, ask, reset };
}
