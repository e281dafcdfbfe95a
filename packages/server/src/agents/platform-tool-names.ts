/**
 * Tools only platform runs have, besides the agent package's `SKILLDOCK_TOOL_NAMES` (issue 26): an
 * agent lists them among its tools like any other. `install_skill` prepares a skill install draft
 * for the run's user (`installSkillTool`); `web_fetch` reads an allowlisted web page (`webFetchTool`).
 */
export const PLATFORM_TOOL_NAMES = ['install_skill', 'web_fetch'] as const;
