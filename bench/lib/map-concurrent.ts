/**
 * Runs `job` over every item with at most `concurrency` jobs in flight (a sliding window, not
 * lock-step batches), and returns the results in item order.
 * @example
 * const texts = await mapConcurrent(files, 64, (file) => readFile(file, 'utf8'));
 */
export async function mapConcurrent<T, R>(
  items: readonly T[],
  concurrency: number,
  job: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  if (concurrency < 1) throw new RangeError('concurrency must be at least 1');
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await job(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
