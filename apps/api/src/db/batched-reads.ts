interface Waiting<A, R> {
  arg: A;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * A read asked for by many requests at once, run once for all of them (the DataLoader
 * pattern): the calls made while the event loop handles one round of I/O (until setImmediate)
 * with one key go to `run` together, which answers each in order, in one round trip. What a
 * round trip costs the API in system calls and protocol was as much as the rest of a catalog
 * read; at 50 requests in flight, a round of I/O brings several.
 */
export function batchedReads<A, R>(
  run: (key: string, args: A[]) => Promise<R[]>,
): (key: string, arg: A) => Promise<R> {
  const waiting = new Map<string, Waiting<A, R>[]>();
  return (key, arg) =>
    new Promise<R>((resolve, reject) => {
      let batch = waiting.get(key);
      if (!batch) {
        const calls: Waiting<A, R>[] = [];
        waiting.set(key, (batch = calls));
        setImmediate(() => {
          waiting.delete(key);
          run(
            key,
            calls.map((call) => call.arg),
          ).then(
            (results) => calls.forEach((call, i) => call.resolve(results[i]!)),
            (error: unknown) => calls.forEach((call) => call.reject(error)),
          );
        });
      }
      batch.push({ arg, resolve, reject });
    });
}
