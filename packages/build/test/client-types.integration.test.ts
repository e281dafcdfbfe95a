import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { makeProject } from './project.js';

const clientTypes = fileURLToPath(new URL('../client.d.ts', import.meta.url));

/** Type-check one module of an app that references the shipped declarations; return the errors. */
async function typeErrors(source: string): Promise<string[]> {
  const root = await makeProject({
    'app.ts': `/// <reference path=${JSON.stringify(clientTypes)} />\n${source}`,
  });
  const program = ts.createProgram([path.join(root, 'app.ts')], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('the type declarations shipped for .md imports', () => {
  it('I5 types a SKILL.md import as a BundledSkill and any other .md import as a string', async () => {
    // Each @ts-expect-error fails the check when its line stops being an error.
    const errors = await typeErrors(`import refunds from './skills/refunds/SKILL.md';
import review from '@acme/review-skills/review/SKILL.md';
import runbook from './incident-runbook.md';
const ids: readonly string[] = [refunds.id, review.id, refunds.module, refunds.fields.version];
const text: string = runbook;
const policy: string | { readonly encoding: 'base64'; readonly data: string } | undefined =
  refunds.inlineFiles['POLICY.md'];
// @ts-expect-error a skill is not text
const notText: string = refunds;
// @ts-expect-error text is not a skill
const notSkill: string = runbook.id;
// @ts-expect-error the reference is read-only
refunds.body = 'changed';
export { ids, text, policy, notText, notSkill };
`);
    expect(errors).toEqual([]);
  });
});
