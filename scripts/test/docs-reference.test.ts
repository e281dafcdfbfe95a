import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_COMMANDS } from '../../packages/cli/src/command-table.js';
import { ExitCode } from '../../packages/cli/src/exit-codes.js';
import { settingsSchema } from '../../packages/core/src/discover/settings.js';
import { registeredErrorCodes } from '../../packages/core/test/support/registered-error-codes.js';
import { cell, readerText } from '../docs-reference/markdown.js';
import { generateReferencePages, REFERENCE_FOLDER, staleReferencePages } from '../generate-docs-reference.js';

/** The pages as committed under docs/reference/. */
async function committedPages(): Promise<Map<string, string>> {
  const names = ['cli.md', 'exit-codes.md', 'error-codes.md', 'settings.md', 'http-api.md'];
  return new Map(
    await Promise.all(
      names.map(async (name) => [name, await readFile(path.join(REFERENCE_FOLDER, name), 'utf8')] as const),
    ),
  );
}

describe('the generated reference pages of the manual', () => {
  // Starts the server in process on an in-memory PGlite for /openapi.json, as docs:generate does.
  const generated = generateReferencePages();

  it('are current: a change to a command, a code, a setting or a route needs `npm run docs:generate`', async () => {
    const pages = await generated;
    expect([...pages.keys()].sort()).toEqual([...(await committedPages()).keys()].sort());
    expect(await staleReferencePages(pages)).toEqual([]);
  }, 60_000);

  it('a page that differs from the code is reported stale by name', async () => {
    const pages = await committedPages();
    pages.set('settings.md', `${pages.get('settings.md')}\n| \`skills.extra\` | \`string\` |  |  |\n`);
    expect(await staleReferencePages(pages)).toEqual(['settings.md']);
    pages.set('not-generated-yet.md', '# New\n');
    expect(await staleReferencePages(pages)).toEqual(['settings.md', 'not-generated-yet.md']);
  });

  it('the error-code page has a heading for every registered code, and no other', async () => {
    const page = (await generated).get('error-codes.md')!;
    const headings = [...page.matchAll(/^### ([a-z0-9_]+)$/gm)].map((match) => match[1]);
    expect(new Set(headings)).toEqual(registeredErrorCodes());
    expect(headings).toHaveLength(registeredErrorCodes().size);
  }, 60_000);

  it('every error code whose throw site carries a message gets a meaning', async () => {
    const page = (await generated).get('error-codes.md')!;
    expect(page).toMatch(
      /### empty_source\n\n@skilldock\/core · CLI exit 2 · `UserInputError`\n\nNo source given: pass a path, owner\/repo or URL\./,
    );
    expect(page).toMatch(/### csrf_failed\n\n@skilldock\/server · CLI exit 1/);
  }, 60_000);

  it('the exit-code page lists every exit code of the CLI', async () => {
    const page = (await generated).get('exit-codes.md')!;
    for (const [name, value] of Object.entries(ExitCode))
      expect(page).toContain(`| **${value}** | \`${name}\` |`);
  }, 60_000);

  it('the CLI page has a section for every command of the command table', async () => {
    const page = (await generated).get('cli.md')!;
    for (const group of ALL_COMMANDS.groups) {
      for (const command of group.commands) {
        for (const name of command.names) expect(page).toContain(`\n## skilldock ${group.name} ${name}\n`);
      }
    }
    for (const command of ALL_COMMANDS.topLevel) {
      for (const name of command.names) expect(page).toMatch(new RegExp(`\\n## skilldock ${name}( |\\n)`));
    }
    expect(page).toContain('| `--data <dir>` |');
    // Defaults that name the home folder read `~`, whoever generates the page.
    expect(page).not.toMatch(/\/root\/|\/home\//);
  }, 60_000);

  it('the settings page has a row for every top-level key of the settings schema', async () => {
    const page = (await generated).get('settings.md')!;
    for (const key of Object.keys(settingsSchema.shape)) expect(page).toContain(`| \`${key}\` |`);
    expect(page).not.toMatch(/SPEC [A-Z]+\d|\{@link/);
  }, 60_000);

  it('the HTTP page has a row for every operation of /openapi.json', async () => {
    const page = (await generated).get('http-api.md')!;
    expect(page).toMatch(/The \d+ operations of the platform server's API/);
    expect(page).toContain('| `POST /api/auth/login` | `logIn` | anyone |');
    // Any token reads its own account; other operations name the scope a token needs.
    expect(page).toContain('| `GET /api/auth/me` | `getCurrentUser` | sessionCookie or bearerToken |');
    expect(page).toContain(
      '| `GET /api/agents` | `listAgents` | sessionCookie or bearerToken (agents:read) |',
    );
  }, 60_000);
});

describe('text in generated tables', () => {
  it('escapes HTML, pipes and newlines in prose but leaves code spans as written', () => {
    expect(cell('from <site> | a\n  b `<ApiProvider> x`')).toBe(
      'from &lt;site&gt; \\| a b `<ApiProvider> x`',
    );
    expect(cell('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('drops SPEC ids and turns TSDoc links into code', () => {
    expect(readerText('hosts (SPEC L1, P5; default any)')).toBe('hosts (default any)');
    expect(readerText('refused (SPEC SEC2, G3).')).toBe('refused.');
    expect(readerText('see {@link ModelSettings}')).toBe('see `ModelSettings`');
  });
});
