/** The `--model` option's description, shared by `chat`, `run` and `learn`. */
export const MODEL_OPTION_HELP =
  'model: inherit, fast, <model> (the first provider that offers it) or <provider>:<model>';

/**
 * How a session picks its models (SPEC G1, seed 000), printed after `chat --help` and `run --help`.
 */
export const MODEL_SELECTION_HELP = `
Models:
  A bare id (-m glm-5) is tried on the main conversation's provider first, then on the other
  configured providers in order (openai, anthropic, then models.providers). A provider offers the
  models its "offers" list names (models.providers.<name>.offers); without a list its /models
  endpoint is asked once per session (3 s at most). When no provider offers the id the command
  exits 2 (model_not_available) naming the providers tried; <provider>:<id> skips the search.
  "fast" is models.fast (in chat, /model --fast <id> sets it for the session), falling back to
  the main model. agents.builtin.exploreModel in settings.json chooses the built-in Explore
  agent's model, e.g. { "agents": { "builtin": { "exploreModel": "fast" } } }.`;
