// The agent's error codes (core's registry, augmented) travel with this entry's declarations.
import '../error-codes.js';

export {
  type AgentWorkspace,
  type OpenWorkspaceOptions,
  openWorkspace,
  type WorkspaceModel,
} from './open-workspace.js';
export {
  describeMcpServer,
  type McpServerSelection,
  type McpServerToApprove,
  type SelectMcpServersOptions,
  selectMcpServers,
} from './select-mcp-servers.js';
export type { WorkspaceNotice } from './workspace-notice.js';
