import { execFileSync } from 'node:child_process';
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings } from '../../src/discover/load-settings.js';
import { temporaryDirectory, writeJson } from './skill-tree.js';

async function setup(user?: unknown, project?: unknown) {
  const home = await temporaryDirectory();
  const projectRoot = await temporaryDirectory();
  if (user !== undefined) await writeJson(join(home, '.skilldock', 'settings.json'), user);
  if (project !== undefined) await writeJson(join(projectRoot, '.skilldock', 'settings.json'), project);
  return { home, projectRoot };
}

describe('loadSettings', () => {
  it('D2 returns empty settings and no diagnostics when no settings file exists', async () => {
    const { home, projectRoot } = await setup();
    const result = await loadSettings({ projectRoot, homeDirectory: home });
    expect(result).toEqual({ settings: {}, diagnostics: [], files: [] });
  });

  it('D1 merges user and project settings with the project winning key by key', async () => {
    const { home, projectRoot } = await setup(
      { skills: { directories: ['user-dir'], disabled: ['a'], maxDepth: 3, budget: { tokens: 100 } } },
      { skills: { directories: ['project-dir'], maxFolders: 50 } },
    );
    const result = await loadSettings({ projectRoot, homeDirectory: home });
    expect(result.diagnostics).toEqual([]);
    expect(result.settings).toEqual({
      skills: {
        directories: ['project-dir'],
        disabled: ['a'],
        budget: { tokens: 100 },
        maxDepth: 3,
        maxFolders: 50,
      },
    });
    expect(result.files).toEqual([
      join(home, '.skilldock', 'settings.json'),
      join(projectRoot, '.skilldock', 'settings.json'),
    ]);
  });

  it('A2 merges agents.modelAliases by alias and agents.builtin.exploreModel, the project winning', async () => {
    const { home, projectRoot } = await setup(
      {
        agents: {
          modelAliases: { sonnet: 'anthropic:claude-sonnet-4-5', haiku: 'fast' },
          builtin: { exploreModel: 'fast' },
        },
      },
      { agents: { modelAliases: { sonnet: 'openai:gpt-4.1' } } },
    );
    const result = await loadSettings({ projectRoot, homeDirectory: home });
    expect(result.diagnostics).toEqual([]);
    expect(result.settings.agents).toEqual({
      modelAliases: { sonnet: 'openai:gpt-4.1', haiku: 'fast' },
      builtin: { exploreModel: 'fast' },
    });
  });

  it('A2 an invalid agents setting is reported and ignored', async () => {
    const { home, projectRoot } = await setup({ agents: { builtin: { exploreModel: 3 } } });
    const result = await loadSettings({ projectRoot, homeDirectory: home });
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: 'settings_invalid_value',
        path: ['agents', 'builtin', 'exploreModel'],
      }),
    ]);
    expect(result.settings.agents).toBeUndefined();
  });

  it('D2 reports malformed JSON with file, line and column instead of throwing', async () => {
    const { home, projectRoot } = await setup(undefined, '{\n  "skills": {\n    "disabled": ["a",]\n  }\n}');
    const result = await loadSettings({ projectRoot, homeDirectory: home });
    expect(result.settings).toEqual({});
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({
      code: 'settings_invalid_json',
      severity: 'error',
      file: join(projectRoot, '.skilldock', 'settings.json'),
      line: 3,
      column: 22,
    });
  });

  it('D2 points at the end of a truncated settings file', async () => {
    const { home, projectRoot } = await setup('{"skills": {"disabled": ["a"]');
    const result = await loadSettings({ projectRoot, homeDirectory: home });
    expect(result.diagnostics[0]).toMatchObject({ code: 'settings_invalid_json', line: 1, column: 30 });
  });

  it('D2 warns about unknown keys and keeps the known ones', async () => {
    const { home, projectRoot } = await setup(undefined, {
      skills: { disabled: ['x'], colour: 'red' },
      theme: 'dark',
    });
    const result = await loadSettings({ projectRoot, homeDirectory: home });
    expect(result.settings).toEqual({ skills: { disabled: ['x'] } });
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.path, d.line])).toEqual([
      ['settings_unknown_key', 'warning', ['skills', 'colour'], 6],
      ['settings_unknown_key', 'warning', ['theme'], 8],
    ]);
  });

  it('D2 reports an invalid value as an error and ignores only that key', async () => {
    const { home, projectRoot } = await setup(undefined, {
      skills: { maxDepth: 'deep', disabled: ['keep'], budget: { tokens: -5 } },
    });
    const result = await loadSettings({ projectRoot, homeDirectory: home });
    expect(result.settings).toEqual({ skills: { disabled: ['keep'] } });
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([
      ['settings_invalid_value', 'error', ['skills', 'budget', 'tokens']],
      ['settings_invalid_value', 'error', ['skills', 'maxDepth']],
    ]);
    expect(result.diagnostics[1]).toMatchObject({ line: 3, column: 5 });
  });

  it('D2 ignores personal directories set by a project, so a project cannot add personal sources', async () => {
    const { home, projectRoot } = await setup(
      { skills: { personalDirectories: ['mine'] } },
      { skills: { personalDirectories: ['/etc'] } },
    );
    const result = await loadSettings({ projectRoot, homeDirectory: home });
    expect(result.settings.skills?.personalDirectories).toEqual(['mine']);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['settings_personal_key_in_project']);
  });

  it('D2 reports a settings file that is not a JSON object', async () => {
    const { home, projectRoot } = await setup('[1, 2]');
    const result = await loadSettings({ projectRoot, homeDirectory: home });
    expect(result.settings).toEqual({});
    expect(result.diagnostics.map((d) => d.code)).toEqual(['settings_not_object']);
  });

  it('P5 allowed_hosts comes from the user file only; a project that sets it is warned about and ignored', async () => {
    const { home, projectRoot } = await setup(
      { allowed_hosts: ['github.com', 'git.example.com'] },
      { allowed_hosts: ['evil.example'] },
    );
    const result = await loadSettings({ projectRoot, homeDirectory: home });
    expect(result.settings.allowed_hosts).toEqual(['github.com', 'git.example.com']);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: 'settings_allowed_hosts_in_project',
        severity: 'warning',
        file: join(projectRoot, '.skilldock', 'settings.json'),
      }),
    ]);
    const projectOnly = await setup(undefined, { allowed_hosts: ['evil.example'] });
    const ignored = await loadSettings({
      projectRoot: projectOnly.projectRoot,
      homeDirectory: projectOnly.home,
    });
    expect(ignored.settings.allowed_hosts).toBeUndefined();
  });
  it('SEC2 a settings file that is a FIFO or a folder is reported, never waited on', async () => {
    const { home, projectRoot } = await setup();
    await mkdir(join(home, '.skilldock'), { recursive: true });
    execFileSync('mkfifo', [join(home, '.skilldock', 'settings.json')]);
    await mkdir(join(projectRoot, '.skilldock', 'settings.json'), { recursive: true });
    const result = await loadSettings({ projectRoot, homeDirectory: home });
    expect(result.settings).toEqual({});
    expect(result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.file])).toEqual([
      ['settings_unreadable', join(home, '.skilldock', 'settings.json')],
      ['settings_unreadable', join(projectRoot, '.skilldock', 'settings.json')],
    ]);
  });

  it('D2 follows a settings file linked from elsewhere (dotfile setups), and a dangling link is no file', async () => {
    const { home, projectRoot } = await setup();
    const dotfiles = await temporaryDirectory();
    await writeJson(join(dotfiles, 'skilldock.json'), { skills: { maxDepth: 4 } });
    await mkdir(join(home, '.skilldock'), { recursive: true });
    await symlink(join(dotfiles, 'skilldock.json'), join(home, '.skilldock', 'settings.json'));
    await mkdir(join(projectRoot, '.skilldock'), { recursive: true });
    await symlink(join(dotfiles, 'missing.json'), join(projectRoot, '.skilldock', 'settings.json'));
    const result = await loadSettings({ projectRoot, homeDirectory: home });
    expect(result).toEqual({
      settings: { skills: { maxDepth: 4 } },
      diagnostics: [],
      files: [join(home, '.skilldock', 'settings.json')],
    });
  });
});

describe('install_tokens settings (SPEC P5, SEC3)', () => {
  it('SEC3 reads install_tokens from the user file only: a cloned project cannot redirect a token', async () => {
    const { home, projectRoot } = await setup(
      { install_tokens: { 'https://skills.example.com': 'ACME_SKILLS_TOKEN' } },
      {
        install_tokens: { 'https://evil.example': 'ACME_SKILLS_TOKEN', 'https://skills.example.com': 'HOME' },
      },
    );
    const { settings, diagnostics } = await loadSettings({ projectRoot, homeDirectory: home });
    expect(settings.install_tokens).toEqual({ 'https://skills.example.com': 'ACME_SKILLS_TOKEN' });
    expect(diagnostics).toMatchObject([
      { code: 'settings_install_tokens_in_project', severity: 'warning', path: ['install_tokens'] },
    ]);
  });

  it('SEC3 holds keys to http(s) URLs and values to variable names (a token pasted as the value is refused)', async () => {
    const { home } = await setup({
      install_tokens: { 'https://skills.example.com': 'skd_abc def', 'ftp://x.example': 'NAME' },
    });
    const { settings, diagnostics } = await loadSettings({ homeDirectory: home });
    // Each bad entry is dropped on its own, named by its key; the value is never repeated.
    expect(settings.install_tokens ?? {}).toEqual({});
    expect(diagnostics.map((diagnostic) => diagnostic.code)).toContain('settings_invalid_value');
    expect(JSON.stringify(diagnostics)).not.toContain('skd_abc def');
  });
});
