import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSettings } from '@skilldock/core/discover';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

describe('mcpServers settings', () => {
  let base: string;
  let home: string;
  let project: string;
  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), 'skilldock-mcp-settings-'));
    home = join(base, 'home');
    project = join(base, 'project');
    await mkdir(join(home, '.skilldock'), { recursive: true });
    await mkdir(join(project, '.skilldock'), { recursive: true });
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  it('G4 loads mcpServers from both files, the project winning by name', async () => {
    await writeFile(
      join(home, '.skilldock', 'settings.json'),
      JSON.stringify({
        mcpServers: {
          files: { command: 'npx', args: ['-y', 'files-server'], env: { LOG: '1' } },
          docs: { url: 'https://docs.example.com/mcp', headers: { authorization: 'Bearer x' } },
        },
      }),
    );
    await writeFile(
      join(project, '.skilldock', 'settings.json'),
      JSON.stringify({
        mcpServers: { files: { type: 'stdio', command: 'node', args: ['server.js'], cwd: 'tools' } },
      }),
    );
    const { settings, diagnostics } = await loadSettings({ projectRoot: project, homeDirectory: home });
    expect(diagnostics).toEqual([]);
    expect(settings.mcpServers).toEqual({
      files: { type: 'stdio', command: 'node', args: ['server.js'], cwd: 'tools' },
      docs: { url: 'https://docs.example.com/mcp', headers: { authorization: 'Bearer x' } },
    });
  });

  it('G4 drops an invalid server with a diagnostic and keeps the others', async () => {
    await writeFile(
      join(home, '.skilldock', 'settings.json'),
      JSON.stringify({ mcpServers: { broken: { url: 'ftp://x' }, good: { command: 'node' } } }),
    );
    const { settings, diagnostics } = await loadSettings({ homeDirectory: home });
    expect(settings.mcpServers).toEqual({ good: { command: 'node' } });
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ['settings_invalid_value', ['mcpServers', 'broken', 'url']],
    ]);
  });
});
