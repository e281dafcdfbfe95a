import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { CatalogSnapshot } from '@skilldock/core/catalog';
import {
  createSkillSession,
  READ_SKILL_RESOURCE_TOOL,
  type SkillSession,
  type SkillSessionOptions,
} from '@skilldock/core/runtime';
import type { McpServerSdk } from './load-mcp-server-sdk.js';
import { getSkillPrompt, listSkillPrompts } from './skill-mcp-prompts.js';
import { listSkillResources, readSkillMcpResource } from './skill-mcp-resources.js';
import { SKILL_RESOURCE_SCHEME } from './skill-resource-uri.js';

/** Resources per `resources/list` page; the cursor is the offset of the next page. */
export const RESOURCE_PAGE_SIZE = 500;

/** JSON-RPC error code MCP gives a resource that cannot be read. */
const RESOURCE_NOT_FOUND = -32002;

/** Everything one connection needs from its server. */
export interface SkillsMcpConnectionInit {
  readonly sdk: McpServerSdk;
  readonly snapshot: CatalogSnapshot;
  readonly serverInfo: { readonly name: string; readonly version: string };
  readonly session: Omit<SkillSessionOptions, 'catalog'>;
  /** Awaited before each request: a workspace without a file watcher rediscovers here. */
  readonly beforeRequest?: () => Promise<void>;
  readonly onClose?: () => void;
}

/**
 * One MCP client's conversation with the skills (issue 16 §3): an SDK `Server` over one transport
 * and the skill session behind it (SPEC R1–R4, R7, R9). The instructions (the catalog section) and
 * the tool declarations are fixed when it opens; later catalog snapshots reach the client as
 * `notifications/*_list_changed` and reach the model as R7 signals appended to its next tool result.
 *
 * R1 meets `tools/list_changed` at one point only: a connection that opened with no skill having
 * supporting files declares `activate_skill` alone; when the first such skill appears it also
 * declares `read_skill_resource` (a new skill session: skills active before are delivered in full
 * again on their next activation) and says so once with `tools/list_changed`. Nothing is ever
 * taken back: `read_skill_resource` stays declared when the last file goes.
 */
export class SkillsMcpConnection {
  readonly #server: Server;
  readonly #init: SkillsMcpConnectionInit;
  #session: SkillSession;
  #signals: string[] = [];
  #applying: Promise<void> = Promise.resolve();
  #closed = false;

  private constructor(init: SkillsMcpConnectionInit, session: SkillSession) {
    this.#init = init;
    this.#session = session;
    const { Server } = init.sdk;
    const instructions = session.systemPromptSection;
    this.#server = new Server(
      { name: init.serverInfo.name, version: init.serverInfo.version },
      {
        capabilities: {
          tools: { listChanged: true },
          resources: { listChanged: true },
          prompts: { listChanged: true },
        },
        ...(instructions === '' ? {} : { instructions }),
      },
    );
    this.#server.onclose = () => {
      this.#closed = true;
      init.onClose?.();
    };
    this.#registerHandlers();
  }

  /** Opens a connection on `transport` with a skill session on `init.snapshot`. */
  static async open(init: SkillsMcpConnectionInit, transport: Transport): Promise<SkillsMcpConnection> {
    const session = await createSkillSession({ ...init.session, catalog: init.snapshot });
    const connection = new SkillsMcpConnection(init, session);
    await connection.#server.connect(transport);
    return connection;
  }

  /** The skill session answering this client now. */
  get session(): SkillSession {
    return this.#session;
  }

  /** Takes a new catalog snapshot and tells the client what changed; snapshots apply in order. */
  applySnapshot(snapshot: CatalogSnapshot): Promise<void> {
    this.#applying = this.#applying.then(() => this.#apply(snapshot)).catch(() => undefined);
    return this.#applying;
  }

  /** Closes the transport; the skill session ends with it. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#server.close();
  }

  async #apply(snapshot: CatalogSnapshot): Promise<void> {
    if (this.#closed || snapshot === this.#session.catalog) return;
    const before = this.#session.catalog;
    const toolNames = this.#session.tools.map((tool) => tool.name).join();
    this.#session.updateCatalog(snapshot);
    this.#signals.push(...this.#session.drainSignals());
    const needsResourceTool =
      !this.#session.tools.some((tool) => tool.name === READ_SKILL_RESOURCE_TOOL) &&
      snapshot.skills.some(
        (skill) => skill.files.length > 0 || Object.keys(skill.inlineFiles ?? {}).length > 0,
      );
    if (needsResourceTool) {
      this.#session = await createSkillSession({ ...this.#init.session, catalog: snapshot, preload: [] });
    }
    const notify = (send: () => Promise<void>) => send().catch(() => undefined);
    if (this.#session.tools.map((tool) => tool.name).join() !== toolNames) {
      await notify(() => this.#server.sendToolListChanged());
    }
    await notify(() => this.#server.sendResourceListChanged());
    if (JSON.stringify(listSkillPrompts(before)) !== JSON.stringify(listSkillPrompts(snapshot))) {
      await notify(() => this.#server.sendPromptListChanged());
    }
  }

  /** Before answering: the workspace's refresh, then every snapshot that arrived. */
  async #settle(): Promise<void> {
    await this.#init.beforeRequest?.();
    await this.#applying;
  }

  #registerHandlers(): void {
    const sdk = this.#init.sdk;
    const server = this.#server;
    server.setRequestHandler(sdk.ListToolsRequestSchema, async () => {
      await this.#settle();
      return {
        tools: this.#session.tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          inputSchema: tool.inputSchema as { type: 'object' },
        })),
      };
    });
    server.setRequestHandler(sdk.CallToolRequestSchema, async (request): Promise<CallToolResult> => {
      await this.#settle();
      const result = await this.#session.handleToolCall(request.params.name, request.params.arguments ?? {});
      const signals = [...this.#signals, ...this.#session.drainSignals()];
      this.#signals = [];
      return {
        content: [
          { type: 'text', text: result.content },
          ...(signals.length === 0 ? [] : [{ type: 'text' as const, text: signals.join('\n') }]),
        ],
        isError: result.isError,
      };
    });
    server.setRequestHandler(sdk.ListResourcesRequestSchema, async (request) => {
      await this.#settle();
      const all = listSkillResources(this.#session.catalog);
      const start = Number(request.params?.cursor ?? '0');
      if (!Number.isSafeInteger(start) || start < 0 || start > all.length) {
        throw new sdk.McpError(sdk.ErrorCode.InvalidParams, 'Invalid cursor.');
      }
      const end = start + RESOURCE_PAGE_SIZE;
      return { resources: all.slice(start, end), ...(end < all.length ? { nextCursor: String(end) } : {}) };
    });
    server.setRequestHandler(sdk.ListResourceTemplatesRequestSchema, async () => ({
      resourceTemplates: [
        {
          uriTemplate: `${SKILL_RESOURCE_SCHEME}{id}/{+path}`,
          name: 'skill-file',
          description: 'A file of a skill the model may use: its SKILL.md or a supporting file (read-only).',
        },
      ],
    }));
    server.setRequestHandler(sdk.ReadResourceRequestSchema, async (request) => {
      await this.#settle();
      const read = await readSkillMcpResource(this.#session, request.params.uri);
      if (!read.ok) throw new sdk.McpError(RESOURCE_NOT_FOUND, read.message, { uri: request.params.uri });
      return { contents: read.contents };
    });
    server.setRequestHandler(sdk.ListPromptsRequestSchema, async () => {
      await this.#settle();
      return { prompts: listSkillPrompts(this.#session.catalog) };
    });
    server.setRequestHandler(sdk.GetPromptRequestSchema, async (request) => {
      await this.#settle();
      const prompt = await getSkillPrompt(
        this.#session,
        request.params.name,
        request.params.arguments?.arguments,
      );
      if (!prompt.ok)
        throw new sdk.McpError(sdk.ErrorCode.InvalidParams, prompt.message, { code: prompt.code });
      return prompt.result;
    });
  }
}
