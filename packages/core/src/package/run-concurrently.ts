/**
 * Runs `job` over every item with at most `concurrency` jobs in flight (a sliding window) and
 * returns the results in item order. The first failure rejects, after the jobs already running
 * have settled, so a caller that cleans up afterwards never races a job still writing.
 */
export async function runConcurrently<Item, Result>(
  items: readonly Item[],
  concurrency: number,
  job: (item: Item, index: number) => Promise<Result>,
): Promise<Result[]> {
  const results = new Array<Result>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (failure === undefined && next < items.length) {
      const index = next++;
      try {
        results[index] = await job(items[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  if (failure) throw failure.error;
  return results;
}
