import { isBundledSkill } from '@skilldock/core/format';
import { describe, expect, it } from 'vitest';
import { BUNDLERS, bundleWith } from './bundle-with.js';
import { importBundle, makeProject, REFUNDS_SKILL } from './project.js';

describe.each(BUNDLERS)('SKILL.md imports with %s', (bundler) => {
  it('I5 imports a SKILL.md as a frozen, typed skill reference carrying its whole folder', async () => {
    const root = await makeProject({
      ...REFUNDS_SKILL,
      'app.js': "import refunds from './skills/refunds/SKILL.md';\nexport default refunds;\n",
    });
    const { code } = await bundleWith(bundler, { entry: `${root}/app.js`, root });
    const { default: refunds } = await importBundle<{ default: Record<string, unknown> }>(code);
    expect(JSON.stringify(refunds)).not.toContain(root);
    expect(isBundledSkill(refunds)).toBe(true);
    expect(refunds).toMatchObject({
      id: 'refunds',
      name: 'refunds',
      description: 'Handle refund requests. Use when a customer asks for money back.',
      body: '1. Read POLICY.md.\n2. Decide.\n',
      files: [
        { path: 'POLICY.md', size: 50 },
        { path: 'assets/logo.png', size: 11 },
      ],
      inlineFiles: {
        'POLICY.md': 'Refunds within 30 days.\nNo refunds on gift cards.\n',
        'assets/logo.png': { encoding: 'base64', data: 'iVBORw0KGgoAAQI=' },
      },
      origin: { sourceType: 'session', sourceScope: 'bundle' },
      module: 'skills/refunds/SKILL.md',
    });
    expect(Object.isFrozen(refunds)).toBe(true);
    expect(Object.isFrozen(refunds.inlineFiles)).toBe(true);
    expect(Object.isFrozen(refunds.fields)).toBe(true);
    expect(() => {
      (refunds.inlineFiles as Record<string, string>)['POLICY.md'] = 'changed';
    }).toThrow(TypeError);
  });

  it('I5 reads an absolute SKILL.md import as root-relative, as Vite does', async () => {
    const root = await makeProject({
      ...REFUNDS_SKILL,
      'src/app.js': "import refunds from '/skills/refunds/SKILL.md';\nexport default refunds;\n",
    });
    const { code } = await bundleWith(bundler, { entry: `${root}/src/app.js`, root });
    const { default: refunds } = await importBundle<{ default: { id: string } }>(code);
    expect(refunds.id).toBe('refunds');
  });

  it('I5 fails the build with file:line:column when the imported SKILL.md is invalid', async () => {
    const root = await makeProject({
      'skills/refunds/SKILL.md': '---\nname: refunds\ndescription: Handle refunds.\nlicense: [a\n---\nBody\n',
      'app.js': "import refunds from './skills/refunds/SKILL.md';\nexport default refunds;\n",
    });
    const failure = bundleWith(bundler, { entry: `${root}/app.js`, root });
    await expect(failure).rejects.toThrow(`${root}/skills/refunds/SKILL.md:4:`);
    await expect(failure).rejects.toThrow('skill_import_invalid');
  });

  it('I5 fails the build naming the field when the frontmatter breaks a spec rule', async () => {
    const root = await makeProject({
      'skills/refunds/SKILL.md': '---\nname: Refunds--Now\ndescription: Handle refunds.\n---\nBody\n',
      'app.js': "import refunds from './skills/refunds/SKILL.md';\nexport default refunds;\n",
    });
    await expect(bundleWith(bundler, { entry: `${root}/app.js`, root })).rejects.toThrow(
      new RegExp(`${root}/skills/refunds/SKILL\\.md:2:\\d+: name_not_lowercase: name 'Refunds--Now'`),
    );
  });

  it('I5 imports a plain .md as its text', async () => {
    const root = await makeProject({
      'incident-runbook.md': '# Incidents\n\nPage the on-call.\n',
      'app.js': "import runbook from './incident-runbook.md';\nexport default runbook;\n",
    });
    const { code } = await bundleWith(bundler, { entry: `${root}/app.js`, root });
    expect((await importBundle<{ default: unknown }>(code)).default).toBe(
      '# Incidents\n\nPage the on-call.\n',
    );
  });

  it('I5 makes a dynamic import() of a SKILL.md a build error at its line and column', async () => {
    const root = await makeProject({
      ...REFUNDS_SKILL,
      'app.js': "export const x = 1;\nexport const load = () => import('./skills/refunds/SKILL.md');\n",
    });
    const failure = bundleWith(bundler, { entry: `${root}/app.js`, root });
    await expect(failure).rejects.toThrow(`${root}/app.js:2:27`);
    await expect(failure).rejects.toThrow('skill_import_dynamic');
  });

  it('I5 refuses a symlink in the imported folder (P2)', async () => {
    const root = await makeProject({
      ...REFUNDS_SKILL,
      'app.js': "import refunds from './skills/refunds/SKILL.md';\nexport default refunds;\n",
    });
    const { symlink } = await import('node:fs/promises');
    await symlink('/etc/passwd', `${root}/skills/refunds/passwd`);
    const failure = bundleWith(bundler, { entry: `${root}/app.js`, root });
    await expect(failure).rejects.toThrow(`${root}/skills/refunds/passwd: symbolic link`);
    await expect(failure).rejects.toThrow('skill_import_refused_file');
  });

  it('I5 refuses a secret file (.env) in the imported folder, and never bundles it (P2)', async () => {
    const root = await makeProject({
      ...REFUNDS_SKILL,
      'skills/refunds/.env': 'API_KEY=sk-live-123\n',
      'app.js': "import refunds from './skills/refunds/SKILL.md';\nexport default refunds;\n",
    });
    await expect(bundleWith(bundler, { entry: `${root}/app.js`, root })).rejects.toThrow(
      `${root}/skills/refunds/.env: environment file`,
    );
  });

  it('I5 skips noise with a warning and bundles a file over 1 MiB with a warning (P2)', async () => {
    const huge = 'x'.repeat(1024 * 1024 + 10);
    const root = await makeProject({
      ...REFUNDS_SKILL,
      'skills/refunds/node_modules/left-pad/index.js': 'module.exports = 1;\n',
      'skills/refunds/.DS_Store': 'junk',
      'skills/refunds/data/huge.txt': huge,
      'app.js': "import refunds from './skills/refunds/SKILL.md';\nexport default refunds;\n",
    });
    const { code, warnings } = await bundleWith(bundler, { entry: `${root}/app.js`, root });
    const { default: refunds } = await importBundle<{ default: { inlineFiles: Record<string, unknown> } }>(
      code,
    );
    expect(Object.keys(refunds.inlineFiles).sort()).toEqual([
      'POLICY.md',
      'assets/logo.png',
      'data/huge.txt',
    ]);
    expect(refunds.inlineFiles['data/huge.txt']).toBe(huge);
    const text = warnings.join('\n');
    expect(text).toContain('data/huge.txt is large');
    expect(text).toContain('skipped node_modules/');
    expect(text).toContain('skipped .DS_Store');
  });

  it('I5 refuses a relative SKILL.md import that climbs out of the project root through ..', async () => {
    const outside = await makeProject(REFUNDS_SKILL);
    const root = await makeProject({
      'app.js': `import refunds from '../${outside.split('/').pop()}/skills/refunds/SKILL.md';\nexport default refunds;\n`,
    });
    const failure = bundleWith(bundler, { entry: `${root}/app.js`, root });
    await expect(failure).rejects.toThrow('skill_import_outside');
    await expect(failure).rejects.toThrow(`outside the project root ${root}`);
  });

  it('I5 imports a SKILL.md from a package that exports it, and refuses one whose exports do not', async () => {
    const review =
      '---\nname: review\ndescription: Review pull requests. Use when asked to review code.\n---\nRead CHECKLIST.md.\n';
    const root = await makeProject({
      'node_modules/@acme/review-skills/package.json': JSON.stringify({
        name: '@acme/review-skills',
        exports: { './review/SKILL.md': './review/SKILL.md' },
      }),
      'node_modules/@acme/review-skills/review/SKILL.md': review,
      'node_modules/@acme/review-skills/review/CHECKLIST.md': '- tests\n',
      'node_modules/@acme/review-skills/hidden/SKILL.md': review.replace('name: review', 'name: hidden'),
      'app.js': "import review from '@acme/review-skills/review/SKILL.md';\nexport default review;\n",
      'hidden.js': "import hidden from '@acme/review-skills/hidden/SKILL.md';\nexport default hidden;\n",
      'climb.js': "import x from '@acme/review-skills/../../skills/x/SKILL.md';\nexport default x;\n",
    });
    const { code } = await bundleWith(bundler, { entry: `${root}/app.js`, root });
    const { default: skill } = await importBundle<{ default: { id: string; inlineFiles: object } }>(code);
    expect(skill.id).toBe('review');
    expect(skill.inlineFiles).toEqual({ 'CHECKLIST.md': '- tests\n' });
    const hidden = bundleWith(bundler, { entry: `${root}/hidden.js`, root });
    await expect(hidden).rejects.toThrow('skill_import_unresolved');
    await expect(hidden).rejects.toThrow(`the package's "exports" do not export ./hidden/SKILL.md`);
    await expect(bundleWith(bundler, { entry: `${root}/climb.js`, root })).rejects.toThrow(
      "the path inside the package climbs out with '..'",
    );
  });
});
