/** Most characters of one prompt: a run's, a follow-up's, or a task a run hands to a subagent. */
export const MAX_PROMPT_LENGTH = 100_000;
