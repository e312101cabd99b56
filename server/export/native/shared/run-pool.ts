/** Runs `tasks` with at most `limit` at a time; results in task order; the first failure rejects. */
export async function runPool<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({length: Math.max(1, Math.min(limit, tasks.length))}, worker));
  return results;
}
