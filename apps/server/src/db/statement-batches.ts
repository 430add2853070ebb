interface Waiting<In, Out> {
  input: In;
  resolve: (output: Out) => void;
  reject: (error: unknown) => void;
}

export interface StatementBatchOptions {
  /** Batches run at once; while they do, arriving inputs gather for the next one. */
  inFlight?: number;
  /** Inputs in one batch at most. */
  max?: number;
}

/**
 * Runs many small statements as few: an input waits for the end of the event-loop turn it arrived
 * in, and every input that arrived meanwhile (or while earlier batches were running) goes to one
 * call of `run`, which answers one output per input, in order. Under load this is one round trip
 * and one commit for many requests, where one each capped the requests a second at what the
 * database could take; alone, an input waits one turn. A batch that fails fails each of its inputs.
 */
export function createStatementBatches<In, Out>(run: (inputs: In[]) => Promise<Out[]>, { inFlight = 2, max = 500 }: StatementBatchOptions = {}) {
  let waiting: Waiting<In, Out>[] = [];
  let scheduled = false;
  let running = 0;

  async function runBatch(batch: Waiting<In, Out>[]): Promise<void> {
    try {
      const outputs = await run(batch.map((item) => item.input));
      batch.forEach((item, index) => item.resolve(outputs[index]!));
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  }

  function flush(): void {
    scheduled = false;
    while (waiting.length > 0 && running < inFlight) {
      const batch = waiting.slice(0, max);
      waiting = waiting.slice(max);
      running++;
      void runBatch(batch).finally(() => {
        running--;
        if (waiting.length > 0 && !scheduled) flush();
      });
    }
  }

  return {
    /** The output of `input`, once its batch has run. */
    add(input: In): Promise<Out> {
      return new Promise((resolve, reject) => {
        waiting.push({ input, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}
