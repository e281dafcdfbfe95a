/**
 * The tools a new agent starts with (issue 24 item 5, the seed's "standard tools"): the built-in
 * Assistant's — read and write files in the run's work folder, search them, ask the user, keep a
 * to-do list. No shell and no network: those are chosen on purpose.
 */
export const STANDARD_AGENT_TOOLS = [
  'read_file',
  'ls',
  'glob',
  'grep',
  'write_file',
  'edit',
  'ask_user_question',
  'todo_write',
] as const;
