// The agent's error codes (core's registry, augmented) travel with this entry's declarations.
import '../error-codes.js';

export {
  checkHttpRequestOrigin,
  LOOPBACK_HOST_NAMES,
  type RequestOriginCheck,
} from './check-http-request-origin.js';
export {
  createSkillsMcpServer,
  type SkillsMcpRoots,
  type SkillsMcpServer,
  type SkillsMcpServerOptions,
} from './create-skills-mcp-server.js';
export {
  type ServeSkillsOverHttpOptions,
  type SkillsHttpEndpoint,
  serveSkillsOverHttp,
} from './serve-skills-over-http.js';
export {
  type ServeSkillsOverStdioOptions,
  type SkillsStdioSession,
  serveSkillsOverStdio,
} from './serve-skills-over-stdio.js';
export { MAX_MCP_RESOURCE_BYTES } from './skill-mcp-resources.js';
export {
  parseSkillResourceUri,
  SKILL_RESOURCE_SCHEME,
  SKILLS_CATALOG_URI,
  type SkillResourceTarget,
  skillResourceUri,
} from './skill-resource-uri.js';
export { RESOURCE_PAGE_SIZE, SkillsMcpConnection } from './skills-mcp-connection.js';
