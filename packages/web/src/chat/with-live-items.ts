import type { ChatItem } from './chat-items';
import type { Run } from './chat-queries';
import type { ChatTurn } from './history-turns';

/** The turns with the live run's items in place of its stored ones (the prompt kept first). */
export function withLiveItems<T extends ChatTurn<Run>>(
  turns: readonly T[],
  runId: string | undefined,
  live: readonly ChatItem[],
): T[] {
  if (runId === undefined || live.length === 0) return [...turns];
  return turns.map((turn) => {
    if (turn.run?.id !== runId) return turn;
    const prompt = turn.items.find((item) => item.kind === 'user');
    return { ...turn, items: prompt === undefined ? live : [prompt, ...live] };
  });
}
