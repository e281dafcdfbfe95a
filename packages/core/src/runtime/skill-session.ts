import { type ModelVisibility, modelVisibility } from '../catalog/model-visibility.js';
import type { CatalogSkill, CatalogSnapshot } from '../catalog/types.js';
import { userInvocability } from '../catalog/user-invocability.js';
import { SKILL_FILE_NAME } from '../format/limits.js';
import type { Skill } from '../format/types.js';
import { failure } from '../result.js';
import { type Activation, activateWithDependencies } from './activate-with-dependencies.js';
import { formatUnknownSkill, unknownSkillNotice } from './activation-brief.js';
import { catalogChangeSignals, skillAddedSignal, skillFingerprint } from './change-signals.js';
import { inlineFileBytes } from './inline-file-bytes.js';
import { type LocatedSkillResource, locateSkillResource } from './locate-skill-resource.js';
import { parseSessionToolCall } from './parse-session-tool-call.js';
import { PathGates } from './path-gates.js';
import {
  type AnthropicTool,
  type OpenAITool,
  toAnthropicTools,
  toOpenAITools,
  toVercelAITools,
  type VercelAITool,
} from './provider-tool-shapes.js';
import { readSkillResourcePage } from './read-skill-resource.js';
import { skillOfFile } from './skill-of-file.js';
import { parseSlashCommand, splitArguments, substituteArguments } from './substitute-arguments.js';
import { renderSystemPromptSection } from './system-prompt-section.js';
import { createToolDeclarations, READ_SKILL_RESOURCE_TOOL } from './tool-declarations.js';
import { declaredToolNames, hostToolPermission, type ToolGatingState } from './tool-gating.js';
import type {
  ActivationTrigger,
  FileReadActivation,
  InvokeResult,
  ResolvedSkillResourcePath,
  SessionMode,
  SkillResourceRequest,
  SkillSessionOptions,
  ToolDeclaration,
  ToolPermission,
  ToolResult,
  UsageOutcome,
} from './types.js';

interface ActiveSkill {
  /** The version delivered to the model (read fresh at activation). */
  readonly skill: Skill;
  /** Fingerprint of the catalog's version when it was activated, to notice later updates. */
  readonly catalogFingerprint: string;
}

/** Everything a session starts from; built by {@link createSkillSession}. */
export interface SkillSessionInit extends SkillSessionOptions {
  /** Preloaded skills, already read, in activation order (SPEC R8). */
  readonly preloaded: readonly Skill[];
}

/**
 * One model conversation's view of the skills (SPEC R1–R10). The system prompt section and the tool
 * declarations are fixed at construction; everything that changes later reaches the model through
 * tool results and appended signals ({@link SkillSession.drainSignals}).
 * Create it with {@link createSkillSession}, which reads preloaded skills first.
 */
export class SkillSession {
  readonly mode: SessionMode;
  /** Catalog section for the system prompt; computed once, never changed (R1). */
  readonly systemPromptSection: string;
  /** The session's own tool declarations, byte-identical for the whole session (R1). */
  readonly tools: readonly ToolDeclaration[];
  #catalog: CatalogSnapshot;
  readonly #pathGates = new PathGates();
  readonly #active = new Map<string, ActiveSkill>();
  /** What the model has been told about each skill it can see: id → fingerprint. */
  #announced = new Map<string, string>();
  #signals: string[] = [];
  readonly #onUsage: SkillSessionOptions['onUsage'];
  readonly #clock: () => Date;
  /** The host's own tools, which skills never gate (SPEC R6; `SkillSessionOptions.baseTools`). */
  readonly baseTools: ReadonlySet<string>;

  constructor(init: SkillSessionInit) {
    this.mode = init.mode ?? 'stable';
    this.#catalog = init.catalog;
    this.baseTools = new Set(init.baseTools ?? []);
    this.#onUsage = init.onUsage;
    this.#clock = init.clock ?? (() => new Date());
    const withResources = init.catalog.skills.some(
      (skill) => skill.files.length > 0 || Object.keys(skill.inlineFiles ?? {}).length > 0,
    );
    this.tools = createToolDeclarations({ withResources });
    const visible = this.#visibleSkills();
    for (const skill of visible) this.#announced.set(skill.id, skillFingerprint(skill));
    this.systemPromptSection = renderSystemPromptSection({
      visible,
      preloaded: init.preloaded,
      withResources,
      format: init.format ?? 'xml',
      ...(init.budget === undefined ? {} : { budget: init.budget }),
    });
    for (const skill of init.preloaded) {
      this.#markActive(skill, init.catalog.get(skill.id));
      this.#record(skill.id, 'activated', 'preload');
    }
  }

  /** The catalog snapshot the session works from now. */
  get catalog(): CatalogSnapshot {
    return this.#catalog;
  }

  /** The session's own declarations (same array every call). */
  toolDeclarations(): readonly ToolDeclaration[] {
    return this.tools;
  }

  /** I4: the declarations for OpenAI Chat Completions. */
  toOpenAITools(): OpenAITool[] {
    return toOpenAITools(this.tools);
  }

  /** I4: the declarations for the Anthropic Messages API. */
  toAnthropicTools(): AnthropicTool[] {
    return toAnthropicTools(this.tools);
  }

  /**
   * I4: the tools for the Vercel AI SDK (`ai` 5+), `execute` answering through this session. The
   * change signals a call produced (SPEC R7) follow its result's text, as the MCP server sends them.
   */
  toVercelAITools(): Record<string, VercelAITool> {
    return toVercelAITools(this.tools, async (name, input) => {
      const result = await this.handleToolCall(name, input);
      const signals = this.drainSignals();
      if (signals.length === 0) return result;
      return { isError: result.isError, content: [result.content, ...signals].join('\n\n') };
    });
  }

  /** Ids of the active skills, sorted. */
  activeSkillIds(): string[] {
    return [...this.#active.keys()].sort();
  }

  /** True when the skill is active (its instructions were delivered). */
  isActive(id: string): boolean {
    return this.#active.has(id);
  }

  /**
   * Run one of the session's tools. Never throws: bad arguments, unknown names and failures come back
   * as results the model reads. `args` may be an object or its JSON text.
   */
  async handleToolCall(name: string, args: unknown): Promise<ToolResult> {
    try {
      const call = parseSessionToolCall(name, args, { withResources: this.#hasResourceTool() });
      if (call.tool === 'activate_skill') return await this.activateSkill(call.name);
      if (call.tool === 'read_skill_resource') return await this.readSkillResource(call.request);
      return call.result;
    } catch (error) {
      return { isError: true, content: `The tool ${name} failed: ${(error as Error).message}` };
    }
  }

  /**
   * Activate a skill for the model (SPEC R2, R3): re-read it from disk, activate its dependencies
   * first, and return the instructions, base directory and resource paths.
   */
  async activateSkill(name: string): Promise<ToolResult> {
    const skill = this.#catalog.get(name);
    if (skill === undefined) {
      if (this.#catalog.disabled.includes(name)) {
        return this.#refuse(name, 'model', `The skill ${name} is switched off in the settings.`);
      }
      this.#record(name, 'unknown', 'model');
      // Not an error (SPEC R2; issue 26 corrects issue 8, which made it one). Seed 004 (Flue):
      // "激活未知名称不是错误——结果列出了可用的技能。" — the answer lists the available skills;
      // the notice lets a UI mark the call instead of showing a plain success.
      return {
        isError: false,
        content: formatUnknownSkill(name, this.#visibleSkills()),
        notice: unknownSkillNotice(name),
      };
    }
    const access = this.#modelVisibility(skill);
    if (!access.allowed && !this.#active.has(skill.id))
      return this.#refuse(skill.id, 'model', access.message);
    if (this.#isCurrent(skill)) {
      this.#record(skill.id, 'already-active', 'model');
      return {
        isError: false,
        content: `The skill ${skill.id} is already active; its instructions are earlier in this conversation.`,
      };
    }
    const activation = await this.#activateWithDependencies(skill, 'model');
    if (!activation.ok) return this.#refuse(skill.id, 'model', activation.message);
    const { dependencyBriefs, rootBrief, notes } = activation;
    return { isError: false, content: [...dependencyBriefs, rootBrief, ...notes].join('\n\n') };
  }

  /**
   * Read a supporting file (SPEC R4) — the `read_skill_resource` tool, and what a host's own file-read
   * tool should call for virtual paths so both give the same answer. Reading a skill's SKILL.md this
   * way counts as reading it (R5).
   */
  async readSkillResource(request: SkillResourceRequest): Promise<ToolResult> {
    const resolved = await this.#locateResource(request);
    if (!resolved.ok) return { isError: true, content: `Cannot read ${request.path}: ${resolved.message}` };
    const { resource, virtualPath } = resolved;
    if (resource.file === SKILL_FILE_NAME) this.noteFileRead(virtualPath);
    return readSkillResourcePage(resource, virtualPath, request);
  }

  /**
   * Resolve a virtual path (`/.skills/<id>/<file>`) to the checked file behind it, so a host's
   * `read_file` can serve it (SPEC R4). Refusals come back as data.
   */
  async resolveSkillResourcePath(
    virtualPath: string,
    { id }: { id?: string } = {},
  ): Promise<ResolvedSkillResourcePath> {
    const resolved = await this.#locateResource({ path: virtualPath, ...(id === undefined ? {} : { id }) });
    if (!resolved.ok) return resolved;
    const { skill, resource } = resolved;
    return {
      ok: true,
      skillId: skill.id,
      file: resource.file,
      virtualPath: resolved.virtualPath,
      ...(resource.kind === 'disk'
        ? { absolutePath: resource.absolutePath }
        : typeof resource.content === 'string'
          ? { content: resource.content }
          : { bytes: inlineFileBytes(resource.content) }),
    };
  }

  /** True when `filePath` (real or virtual) is the SKILL.md of a skill in the catalog (SPEC R5). */
  isSkillFileRead(filePath: string): boolean {
    return skillOfFile(this.#catalog, filePath) !== undefined;
  }

  /**
   * Tell the session the host's read tool returned `filePath` to the model. When it is a skill's
   * SKILL.md the model may use, the skill becomes active (SPEC R5); returns what happened, or
   * undefined for other files.
   */
  noteFileRead(filePath: string): FileReadActivation | undefined {
    const skill = skillOfFile(this.#catalog, filePath);
    if (skill === undefined) return undefined;
    const access = this.#modelVisibility(skill);
    if (!access.allowed && !this.#active.has(skill.id)) {
      this.#record(skill.id, 'refused', 'file-read', access.message);
      return { skillId: skill.id, outcome: 'refused' };
    }
    if (this.#isCurrent(skill)) {
      this.#record(skill.id, 'already-active', 'file-read');
      return { skillId: skill.id, outcome: 'already-active' };
    }
    // The model just read this file, so the catalog's copy is what it saw; no re-read is needed.
    this.#markActive(skill, skill);
    this.#record(skill.id, 'activated', 'file-read');
    return { skillId: skill.id, outcome: 'activated' };
  }

  /**
   * Report files a tool call touched (SPEC D3). Gated skills whose globs match become available for
   * the rest of the session and are announced by a signal. Files outside the project root never
   * match. Returns the ids that became available.
   */
  filesTouched(paths: Iterable<string>): string[] {
    const opened = this.#pathGates.touch(this.#catalog, paths);
    const announcedNow: string[] = [];
    for (const id of opened) {
      const skill = this.#catalog.get(id);
      if (skill === undefined || this.#announced.has(id) || !this.#modelVisibility(skill).allowed) continue;
      this.#announced.set(id, skillFingerprint(skill));
      this.#signals.push(skillAddedSignal(skill));
      announcedNow.push(id);
    }
    return announcedNow;
  }

  /** May a host tool run now (SPEC R6)? The session's own tools always may. */
  canExecuteTool(toolName: string): ToolPermission {
    return hostToolPermission(toolName, this.#gatingState());
  }

  /**
   * Which of the host's tools to declare in the next request (SPEC R6). `stable`: all of them, always.
   * `progressive`: a skill's dependency tools only once a skill declaring them is active.
   */
  activeToolNames(toolNames: Iterable<string>): string[] {
    return declaredToolNames(this.mode, toolNames, this.#gatingState());
  }

  /**
   * {@link activeToolNames} for declaration objects: the host's tools to send in the next request.
   * @example session.filterTools(hostTools, (tool) => tool.function.name)
   */
  filterTools<T>(tools: readonly T[], nameOf: (tool: T) => string): T[] {
    const allowed = new Set(this.activeToolNames(tools.map(nameOf)));
    return tools.filter((tool) => allowed.has(nameOf(tool)));
  }

  /**
   * Take a new catalog snapshot (SPEC R7, D7). Differences from what the model knows are queued as
   * appended messages; the system prompt is never rewritten. A refresh resets path-gate activation
   * (D3, seed 000: "编辑任何技能文件触发的 refreshCache 会重置激活"): a gated skill the model was told
   * about but never activated is announced as gone until a matching file is touched again.
   */
  updateCatalog(snapshot: CatalogSnapshot): void {
    this.#catalog = snapshot;
    this.#pathGates.reset();
    const change = catalogChangeSignals(snapshot, this.#visibleSkills(), {
      announced: this.#announced,
      active: new Map([...this.#active].map(([id, entry]) => [id, entry.catalogFingerprint])),
    });
    this.#announced = change.announced;
    for (const id of change.removed) this.#active.delete(id);
    this.#signals.push(...change.signals);
  }

  /** Messages to append to the conversation before the next request (SPEC R7, D3); clears them. */
  drainSignals(): string[] {
    const signals = this.#signals;
    this.#signals = [];
    return signals;
  }

  /**
   * Run `/<id> [arguments]` (SPEC R9, D4): the skill's instructions with `$ARGUMENTS`,
   * `$ARGUMENTS[N]` and `$N` filled in, to send as the user's prompt. Activates the skill.
   */
  async invoke(commandLine: string): Promise<InvokeResult> {
    const command = parseSlashCommand(commandLine);
    if (command === undefined) return failure('not_a_command', 'Expected /<skill id> [arguments].');
    const skill = this.#catalog.get(command.skillId);
    if (skill === undefined) {
      this.#record(command.skillId, 'unknown', 'user');
      const disabled = this.#catalog.disabled.includes(command.skillId);
      const message = disabled
        ? `The skill ${command.skillId} is switched off in the settings.`
        : `There is no skill named ${command.skillId}.`;
      return failure('skill_not_found', message);
    }
    const invocability = userInvocability(skill);
    if (!invocability.allowed) {
      this.#record(skill.id, 'refused', 'user', invocability.message);
      return failure('not_user_invocable', invocability.message);
    }
    const wasCurrent = this.#isCurrent(skill);
    const activation = await this.#activateWithDependencies(
      skill,
      'user',
      wasCurrent ? 'already-active' : 'activated',
    );
    if (!activation.ok) {
      this.#record(skill.id, 'refused', 'user', activation.message);
      return activation;
    }
    // Dependencies activated with it reach the model in the same prompt, after the instructions;
    // otherwise they would count as active without the model ever seeing them.
    const context = [...activation.dependencyBriefs, ...activation.notes];
    const prompt = substituteArguments(activation.root.body, command.argumentText);
    return {
      ok: true,
      skillId: skill.id,
      prompt: context.length > 0 ? `${prompt.trimEnd()}\n\n${context.join('\n\n')}` : prompt,
      arguments: splitArguments(command.argumentText),
    };
  }

  #hasResourceTool(): boolean {
    return this.tools.some((tool) => tool.name === READ_SKILL_RESOURCE_TOOL);
  }

  #visibleSkills(): CatalogSkill[] {
    return this.#catalog.skills.filter((skill) => this.#modelVisibility(skill).allowed);
  }

  #modelVisibility(skill: CatalogSkill): ModelVisibility {
    return modelVisibility(skill, { pathActivated: this.#pathGates.isOpen(skill.id) });
  }

  #gatingState(): ToolGatingState {
    const active = [...this.#active.values()].map((entry) => entry.skill);
    return { sessionTools: this.tools, baseTools: this.baseTools, catalog: this.#catalog, active };
  }

  /** Active, and the catalog still holds the version that was active then: nothing new to deliver. */
  #isCurrent(skill: CatalogSkill): boolean {
    return this.#active.get(skill.id)?.catalogFingerprint === skillFingerprint(skill);
  }

  #markActive(skill: Skill, catalogSkill: CatalogSkill | undefined): void {
    const catalogFingerprint = skillFingerprint(catalogSkill ?? skill);
    this.#active.set(skill.id, { skill, catalogFingerprint });
  }

  #record(skillId: string, outcome: UsageOutcome, trigger: ActivationTrigger, reason?: string): void {
    this.#onUsage?.({
      skillId,
      at: this.#clock().toISOString(),
      outcome,
      trigger,
      ...(reason === undefined ? {} : { reason }),
    });
  }

  #refuse(skillId: string, trigger: ActivationTrigger, reason: string): ToolResult {
    this.#record(skillId, 'refused', trigger, reason);
    return { isError: true, content: reason };
  }

  #activateWithDependencies(
    skill: CatalogSkill,
    trigger: ActivationTrigger,
    rootOutcome: UsageOutcome = 'activated',
  ): Promise<Activation> {
    return activateWithDependencies(
      skill,
      {
        catalog: this.#catalog,
        resourceTool: this.#hasResourceTool(),
        isCurrent: (candidate) => this.#isCurrent(candidate),
        markActive: (loaded, catalogSkill) => this.#markActive(loaded, catalogSkill),
        record: (skillId, outcome) => this.#record(skillId, outcome, trigger),
      },
      rootOutcome,
    );
  }

  #locateResource(request: SkillResourceRequest): Promise<LocatedSkillResource> {
    return locateSkillResource(this.#catalog, request, {
      access: (skill) => (this.#active.has(skill.id) ? { allowed: true } : this.#modelVisibility(skill)),
      delivered: (id) => this.#active.get(id)?.skill,
    });
  }
}
