/**
 * The builtin skills the server ships (SPEC Y11): each passes core's `spec` profile cleanly, fits
 * what one read returns, links only files it has, and is synced by a server started with the
 * default builtin folder. `chat-widgets`' examples are W4 widgets, `deep-research`'s template is a
 * standalone HTML document, and `skill-creator`'s template and rules agree with core's validator.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Diagnostic, validateSkill } from '@skilldock/core/format';
import {
  formatWidgetProblem,
  parseWidget,
  scanMessage,
  WIDGET_COMPONENTS,
  type WidgetNode,
  widgetNodes,
} from '@skilldock/core/widgets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type SkilldockServer, silentLogger } from '../src/index.js';
import { DEFAULT_BUILTIN_DIRECTORY } from '../src/testing.js';
import { temporaryFolder } from './support/temporary-folder.js';
import { TestClient } from './support/test-client.js';
import { TEST_BACKENDS } from './support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from './support/test-password-cost.js';

const BUILTIN = fileURLToPath(DEFAULT_BUILTIN_DIRECTORY);
const SHIPPED = ['chat-widgets', 'deep-research', 'skill-creator'];
const CORE_FORMAT_SOURCE = fileURLToPath(new URL('../../core/src/format/', import.meta.url));

// What one read of a skill file returns at most (SPEC R4; core's runtime limits).
const MAX_READ_LINES = 2000;
const MAX_READ_BYTES = 50 * 1024;
const MAX_LINE_BYTES = 4 * 1024;
// The Agent Skills guidance for a SKILL.md body, so activation stays cheap.
const MAX_SKILL_MD_LINES = 500;

const read = (...segments: string[]) => readFileSync(path.join(BUILTIN, ...segments), 'utf8');

/** Every file of a skill folder, as POSIX paths relative to it. */
function filesOf(skill: string): string[] {
  return readdirSync(path.join(BUILTIN, skill), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path
        .relative(path.join(BUILTIN, skill), path.join(entry.parentPath, entry.name))
        .split(path.sep)
        .join('/'),
    )
    .sort();
}

/** The relative Markdown link targets of a file (external links and anchors left out). */
function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'));
}

/** The contents of every ```widget fence (a fence line exactly ```widget, closed by ```). */
function widgetFences(markdown: string): string[] {
  return [...markdown.matchAll(/^```widget\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

/** What is wrong with one fence's content, one line per problem (none for a valid widget). */
function widgetProblems(content: string): string[] {
  const parsed = parseWidget(content);
  return parsed.valid ? [] : parsed.problems.map(formatWidgetProblem);
}

const seriousDiagnostics = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.filter((diagnostic) => diagnostic.severity !== 'info');

describe('Y11 shipped builtin skills', () => {
  it('Y11 the builtin folder holds exactly chat-widgets, deep-research and skill-creator', () => {
    const folders = readdirSync(BUILTIN, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !/^[_.]/.test(entry.name))
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual(SHIPPED);
  });

  it("Y11 the builtin folder is the package's own and ships in the npm package", () => {
    const packageFolder = fileURLToPath(new URL('../', import.meta.url));
    expect(path.resolve(BUILTIN)).toBe(path.join(packageFolder, 'builtin'));
    const manifest = JSON.parse(readFileSync(path.join(packageFolder, 'package.json'), 'utf8'));
    expect(manifest.files).toContain('builtin');
  });

  it.each(SHIPPED)('Y11 %s passes the strict spec profile with no error or warning', async (skill) => {
    const validation = await validateSkill(path.join(BUILTIN, skill), { profile: 'spec', strict: true });
    expect(seriousDiagnostics(validation.diagnostics)).toEqual([]);
    expect(validation.valid).toBe(true);
    const lenient = await validateSkill(path.join(BUILTIN, skill), { profile: 'lenient' });
    expect(lenient.diagnostics).toEqual([]);
  });

  it.each(SHIPPED)('Y11 %s: every file fits one read, and SKILL.md stays short', (skill) => {
    for (const file of filesOf(skill)) {
      const text = read(skill, file);
      expect(Buffer.byteLength(text), file).toBeLessThanOrEqual(MAX_READ_BYTES);
      const lines = text.split('\n');
      expect(lines.length, file).toBeLessThanOrEqual(MAX_READ_LINES);
      for (const line of lines) expect(Buffer.byteLength(line), file).toBeLessThanOrEqual(MAX_LINE_BYTES);
    }
    expect(read(skill, 'SKILL.md').split('\n').length).toBeLessThanOrEqual(MAX_SKILL_MD_LINES);
  });

  it.each(SHIPPED)(
    'Y11 %s: each file SKILL.md and its references link to exists, and every supporting file is linked from SKILL.md',
    (skill) => {
      const files = filesOf(skill);
      const linkedFromSkill = new Set<string>();
      for (const file of files.filter((name) => name === 'SKILL.md' || name.startsWith('references/'))) {
        for (const target of relativeLinks(read(skill, file))) {
          const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
          expect(resolved.startsWith('../'), `${file} links outside the skill: ${target}`).toBe(false);
          expect(files, `${file} links to ${target}`).toContain(resolved);
          if (file === 'SKILL.md') linkedFromSkill.add(resolved);
        }
      }
      expect(files.filter((file) => file !== 'SKILL.md')).toEqual([...linkedFromSkill].sort());
    },
  );

  it('Y11 the descriptions say what each skill does and when to use it', async () => {
    for (const skill of SHIPPED) {
      const validation = await validateSkill(path.join(BUILTIN, skill), { profile: 'spec' });
      expect(validation.valid).toBe(true);
      const description = /^description: (.+)$/m.exec(read(skill, 'SKILL.md'))![1]!;
      expect(description, skill).toMatch(/\bUse when\b/);
      expect([...description].length, skill).toBeLessThanOrEqual(1024);
    }
  });
});

describe('Y11 chat-widgets teaches the W4 widget JSON', () => {
  const documents = ['SKILL.md', ...filesOf('chat-widgets').filter((file) => file.startsWith('references/'))];

  it('W4 every ```widget example is valid JSON of the W4 shapes', () => {
    let examples = 0;
    for (const document of documents) {
      for (const fence of widgetFences(read('chat-widgets', document))) {
        examples += 1;
        expect(widgetProblems(fence), `${document}:\n${fence}`).toEqual([]);
      }
    }
    expect(examples).toBeGreaterThanOrEqual(10);
  });

  it("W4 the chat's own scanner reads each reference's examples as the same valid widgets", () => {
    for (const document of documents.filter((name) => name !== 'SKILL.md')) {
      const markdown = read('chat-widgets', document);
      const widgets = scanMessage(markdown).filter((segment) => segment.kind === 'widget');
      expect(widgets.map((segment) => segment.state)).toEqual(widgetFences(markdown).map(() => 'valid'));
      expect(widgets.map((segment) => segment.source)).toEqual(
        widgetFences(markdown).map((fence) => fence.replace(/\n$/, '')),
      );
    }
  });

  it('W4 the examples use every component type, and each reference documents every field of its types', () => {
    const used = new Set<string>();
    for (const document of documents) {
      for (const fence of widgetFences(read('chat-widgets', document)))
        for (const node of widgetNodes(JSON.parse(fence) as WidgetNode)) used.add(node.type);
    }
    expect([...used].sort()).toEqual(Object.keys(WIDGET_COMPONENTS).sort());

    const references = documents.filter((document) => document !== 'SKILL.md');
    for (const [type, schema] of Object.entries(WIDGET_COMPONENTS)) {
      const owner = references.filter((reference) =>
        read('chat-widgets', reference).includes(`| \`${type}\` |`),
      );
      const text = owner.map((reference) => read('chat-widgets', reference)).join('\n');
      if (type === 'Button' || type === 'BarChart' || type === 'LineChart') {
        // Their references are one table of fields for the type(s) named in the title.
        const reference = type === 'Button' ? 'references/button.md' : 'references/charts.md';
        for (const field of Object.keys(schema.shape).filter((key) => key !== 'type'))
          expect(read('chat-widgets', reference), `${type}.${field}`).toContain(`\`${field}\``);
        continue;
      }
      expect(owner, `${type} has a row in one reference table`).toHaveLength(1);
      const row = text.split('\n').find((line) => line.startsWith(`| \`${type}\` |`))!;
      for (const field of Object.keys(schema.shape).filter((key) => key !== 'type'))
        expect(row, `${type}.${field}`).toContain(`\`${field}\``);
    }
  });

  it('W4 the schema the examples are held to rejects what the skill forbids', () => {
    const chart = {
      type: 'LineChart',
      title: 'T',
      xAxis: { label: 'Date' },
      yAxis: { label: 'Temperature', unit: '°C' },
      labels: ['a', 'b'],
      series: [{ name: 'High', values: [1, 2] }],
      source: 'Weather tool, 2026-12-01',
    };
    expect(widgetProblems(JSON.stringify(chart))).toEqual([]);
    const { source: _source, ...unsourced } = chart;
    expect(widgetProblems(JSON.stringify(unsourced))).not.toEqual([]);
    expect(widgetProblems(JSON.stringify({ ...chart, yAxis: { label: 'Temperature' } }))).not.toEqual([]);
    expect(widgetProblems(JSON.stringify({ ...chart, series: [{ name: 'High', values: [1] }] }))).not.toEqual(
      [],
    );
    expect(widgetProblems(JSON.stringify({ ...chart, colour: 'red' }))).not.toEqual([]);
    expect(widgetProblems('{"type":"Image","src":"http://example.com/a.jpg","alt":"A"}')).not.toEqual([]);
    expect(widgetProblems('{"type":"Image","src":"/a.jpg","alt":"A"}')).not.toEqual([]);
    expect(widgetProblems('{"type":"Table","rows":[]}')).not.toEqual([]);
    expect(widgetProblems('{"type":"Card","children":[{"type":"Title","value":"x",}]}')).toEqual([
      expect.stringContaining('invalid JSON'),
    ]);
    expect(widgetProblems('{"type":"Button","label":"Go"}')).toEqual(['Button "Go" has no onClickAction']);
    expect(widgetProblems('{"type":"Form","children":[{"type":"Input","name":"a","label":"A"}]}')).toEqual([
      'a Form with 0 submit Buttons',
    ]);
  });

  it('W4 the skill states the rules: real image URLs, no invented data, units and sources on charts', () => {
    const skill = read('chat-widgets', 'SKILL.md');
    expect(skill).toMatch(/Real image URLs only/);
    expect(skill).toMatch(/No invented data/);
    expect(skill).toMatch(/yAxis\.unit/);
    expect(skill).toMatch(/`source` line/);
    expect(skill).not.toMatch(/^```html/m);
  });
});

describe('Y11 deep-research writes a standalone responsive HTML report', () => {
  const template = read('deep-research', 'assets/report-template.html');

  it('Y11 the template is one complete HTML document', () => {
    expect(template.startsWith('<!doctype html>\n<html lang=')).toBe(true);
    expect(template.trimEnd().endsWith('</html>')).toBe(true);
    for (const tag of ['<head>', '</head>', '<body>', '</body>', '<main>', '</main>', '<title>', '</title>'])
      expect(template.split(tag).length - 1, tag).toBe(1);
    expect(template).toContain('<meta charset="utf-8">');
    expect(template).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });

  it('Y11 the template loads no external script, stylesheet or font', () => {
    expect(template).not.toMatch(/<script\b/i);
    expect(template).not.toMatch(/<link\b/i);
    expect(template).not.toMatch(/@import\b/i);
    const style = /<style>([\s\S]*?)<\/style>/.exec(template)![1]!;
    expect(style).not.toMatch(/url\(/i);
    expect(template).not.toMatch(/\son[a-z]+=/i);
  });

  it('Y11 the template has a side table of contents on wide screens that collapses on narrow ones, and prints', () => {
    expect(template).toMatch(/<details class="toc">\s*<summary>/);
    const wide = /@media \(min-width: [^)]+\) \{([\s\S]*?)\n {2}\}/.exec(template)![1]!;
    expect(wide).toMatch(/\.toc \{[^}]*position: sticky/);
    expect(wide).toMatch(/\.toc summary \{ display: none; \}/);
    expect(wide).toMatch(/\.toc::details-content \{ content-visibility: visible; \}/);
    expect(wide).toContain('grid-template-columns');
    expect(template).toMatch(/@media print \{[\s\S]*?\.toc \{ display: none; \}/);
    // Every in-page link has its target, and sources are ordinary links.
    const ids = new Set([...template.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));
    for (const [, target] of template.matchAll(/href="#([^"]+)"/g)) expect(ids, target).toContain(target);
    expect(template).toMatch(/<li id="src-1"><a href="\{\{https URL\}\}">/);
  });

  it('Y11 the procedure writes into the run work folder and checks against the checklist', () => {
    const skill = read('deep-research', 'SKILL.md');
    expect(skill).toMatch(/run's work folder/);
    expect(skill).toMatch(/Never write into a skill folder/);
    const checklist = read('deep-research', 'references/checklist.md');
    expect(checklist.match(/^- \[ \] /gm)!.length).toBeGreaterThanOrEqual(15);
  });
});

describe('Y11 skill-creator agrees with core validator', () => {
  let folder: Awaited<ReturnType<typeof temporaryFolder>>;
  beforeAll(async () => {
    folder = await temporaryFolder('y11-skill-creator');
  });
  afterAll(async () => {
    await folder.remove();
  });

  it('S3 its SKILL.md template passes the strict spec profile with no finding', async () => {
    const directory = path.join(folder.path, 'my-skill');
    await mkdir(directory);
    await writeFile(path.join(directory, 'SKILL.md'), read('skill-creator', 'assets/SKILL.template.md'));
    const validation = await validateSkill(directory, { profile: 'spec', strict: true });
    expect(validation.diagnostics).toEqual([]);
  });

  it('S3 its minimal frontmatter example passes, and the mistakes it warns about are reported', async () => {
    const rules = read('skill-creator', 'references/frontmatter-rules.md');
    const example = /```yaml\n([\s\S]*?)```/.exec(rules)![1]!;
    const write = async (name: string, text: string) => {
      const directory = path.join(folder.path, name);
      await mkdir(directory, { recursive: true });
      await writeFile(path.join(directory, 'SKILL.md'), text);
      return (await validateSkill(directory, { profile: 'spec' })).diagnostics.map((item) => item.code);
    };
    expect(await write('release-notes', `${example}\n# Release notes\n`)).toEqual([]);
    expect(await write('flow', '---\nname: flow\ndescription: d\nmetadata: {a: b}\n---\n')).toEqual([
      'yaml_flow_collection_forbidden',
    ]);
    expect(await write('numbers', '---\nname: numbers\ndescription: d\nmetadata:\n  v: 1.0\n---\n')).toEqual([
      'field_type',
    ]);
    expect(await write('hosted', '---\nname: hosted\ndescription: d\nversion: "1.0"\n---\n')).toEqual([
      'field_unknown',
    ]);
    expect(await write('Up_per', '---\nname: Up_per\ndescription: d\n---\n')).toEqual([
      'name_not_lowercase',
      'name_invalid_characters',
    ]);
  });

  it('S3 its sample validation output is what core reports for that skill', async () => {
    const directory = path.join(folder.path, 'skills', 'my_skill');
    await mkdir(directory, { recursive: true });
    await writeFile(
      path.join(directory, 'SKILL.md'),
      '---\nname: my_skill\ndescription: d\nversion: "1"\n---\n',
    );
    const { diagnostics } = await validateSkill(directory, { profile: 'spec' });
    const sample = /```text\n([\s\S]*?)```/.exec(
      read('skill-creator', 'references/validation-diagnostics.md'),
    )![1]!;
    const findings = sample.split('\n').filter((line) => line.startsWith('  skills/my_skill/SKILL.md:'));
    expect(findings).toEqual(
      diagnostics.map(
        (item) =>
          `  skills/my_skill/SKILL.md:${item.line}:${item.column} ${item.severity.padEnd(7)} ${item.code} ${item.message} [${item.path!.join('.')}]`,
      ),
    );
  });

  it('S3 every diagnostic code its references name is one core reports', () => {
    const core = readdirSync(CORE_FORMAT_SOURCE, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => readFileSync(path.join(CORE_FORMAT_SOURCE, file), 'utf8'))
      .join('\n');
    const table = read('skill-creator', 'references/validation-diagnostics.md');
    const codes = [...table.matchAll(/^\| ((?:`[a-z0-9_]+`(?:, )?)+)/gm)].flatMap((match) =>
      [...match[1]!.matchAll(/`([a-z0-9_]+)`/g)].map((code) => code[1]!),
    );
    expect(codes.length).toBeGreaterThanOrEqual(30);
    for (const code of codes) expect(core, code).toContain(`'${code}'`);
  });
});

describe('Y10 a server started with the default builtin folder', () => {
  let server: SkilldockServer;
  let dataDir: Awaited<ReturnType<typeof temporaryFolder>>;

  beforeAll(async () => {
    dataDir = await temporaryFolder('y11-server');
    server = await createServer({
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      // The pooled migrated PGlite: a fresh one is seconds of initdb and migrations.
      database: await TEST_BACKENDS[0]!.openMigrated(),
      dataDir: dataDir.path,
      logger: silentLogger,
      adminPassword: 'y11-admin-secret-pw',
    });
  });
  afterAll(async () => {
    await server.stop();
    await server.database.close();
    await dataDir.remove();
  });

  it('Y10 syncs exactly the three shipped builtins, enabled and readable', async () => {
    expect(server.startup.builtin).toEqual({ skills: SHIPPED, added: SHIPPED, updated: [], removed: [] });
    const admin = new TestClient(server);
    expect((await admin.login('admin', 'y11-admin-secret-pw')).status).toBe(200);
    const listing = await admin.request('GET', '/api/skills');
    expect(listing.status).toBe(200);
    const summaries = (listing.body.skills as { id: string; version: string; enabled: boolean }[])
      .map(({ id, version, enabled }) => ({ id, version, enabled }))
      .sort((left, right) => left.id.localeCompare(right.id));
    expect(summaries).toEqual(SHIPPED.map((id) => ({ id, version: '1.0.0', enabled: true })));
  });

  it('Y13 the discovery endpoints serve every file of each shipped builtin, and its archive packs', async () => {
    const admin = new TestClient(server);
    await admin.login('admin', 'y11-admin-secret-pw');
    const v1 = await admin.request('GET', '/.well-known/skills/index.json');
    expect(v1.status).toBe(200);
    const listed = (v1.body.skills as { name: string; files: string[] }[]).map(({ name, files }) => ({
      name,
      files: [...files].sort(),
    }));
    expect(listed).toEqual(SHIPPED.map((name) => ({ name, files: filesOf(name) })));
    const charts = await admin.request('GET', '/.well-known/skills/chat-widgets/references/charts.md');
    expect([charts.status, charts.body]).toEqual([200, read('chat-widgets', 'references/charts.md')]);
    const v2 = await admin.request('GET', '/.well-known/agent-skills/index.json');
    for (const entry of v2.body.skills as { url: string }[]) {
      const archive = await server.app.request(`/.well-known/agent-skills/${entry.url}`, {
        headers: { cookie: admin.cookie! },
      });
      expect(archive.status, entry.url).toBe(200);
      expect(archive.headers.get('content-type')).toBe('application/zip');
    }
    expect(v2.body.skills).toHaveLength(SHIPPED.length);
  });
});
