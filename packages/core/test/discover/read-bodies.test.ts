import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverSkills } from '../../src/discover/discover-skills.js';
import { frontmatterPrefix } from '../../src/discover/frontmatter-prefix.js';
import type { DiscoveryResult } from '../../src/discover/types.js';
import { temporaryDirectory } from './skill-tree.js';

/** SKILL.md texts that stress the cut: line endings, BOM, fence look-alikes, bad bytes in the body. */
const FILES: Record<string, string | Buffer> = {
  plain: '---\nname: plain\ndescription: Plain skill.\n---\n# Plain\n\nDo it.\n',
  crlf: '---\r\nname: crlf\r\ndescription: CRLF skill.\r\n---\r\nBody\r\n',
  bom: '\uFEFF---\nname: bom\ndescription: BOM skill.\n---\nBody\n',
  'fence-lookalikes':
    '---\nname: fence-lookalikes\ndescription: |\n  ----\n  --- x\n---x: 1\n---\n---\nafter\n',
  'fence-at-end': '---\nname: fence-at-end\ndescription: No body at all.\n---',
  'empty-frontmatter': '---\n---\nbody\n',
  unclosed: '---\nname: unclosed\ndescription: Never closed.\n',
  'no-fence': '# no frontmatter\n',
  'nul-in-body': '---\nname: nul-in-body\ndescription: Has a NUL below.\n---\nbad \0 byte\n',
  'bad-utf8-in-body': Buffer.concat([
    Buffer.from('---\nname: bad-utf8-in-body\ndescription: Bad bytes below.\n---\n'),
    Buffer.from([0xc3, 0x28, 0x0a]),
  ]),
  'bad-yaml': '---\nname: bad-yaml\ndescription: "unclosed\n---\nBody\n',
  warned: '---\nname: Warned_Name\ndescription: Loads with a warning.\ncolour: blue\n---\nBody\n',
};

async function project(): Promise<{ project: string; home: string }> {
  const root = await temporaryDirectory();
  const home = await temporaryDirectory();
  for (const [folder, text] of Object.entries(FILES)) {
    const directory = join(root, '.agents', 'skills', folder);
    await mkdir(directory, { recursive: true });
    await writeFile(join(directory, 'SKILL.md'), text);
  }
  return { project: root, home };
}

/** A discovery as plain data, bodies left out. */
function withoutBodies(discovery: DiscoveryResult): unknown {
  return JSON.parse(
    JSON.stringify(
      [discovery.skills, discovery.invalid, discovery.diagnostics, discovery.roots],
      (key, value) => (key === 'body' ? undefined : value),
    ),
  );
}

describe('discovery without bodies (issue 9 §7)', () => {
  it('S1 D2 readBodies false gives the same skills, refusals and diagnostics, with every body empty', async () => {
    const { project: projectRoot, home } = await project();
    const options = { projectRoot, homeDirectory: home, trusted: true };
    const full = await discoverSkills(options);
    const lean = await discoverSkills({ ...options, readBodies: false });
    expect(withoutBodies(lean)).toEqual(withoutBodies(full));
    expect(full.skills.find((skill) => skill.id === 'plain')?.body).toBe('# Plain\n\nDo it.\n');
    expect(lean.skills.map((skill) => skill.body)).toEqual(lean.skills.map(() => ''));
    // The bad bytes below the frontmatter still refuse the skill.
    const refused = lean.invalid.map((item) => item.diagnostics[0]?.code).sort();
    expect(refused).toEqual([
      'frontmatter_missing',
      'frontmatter_not_mapping',
      'frontmatter_unclosed',
      'invalid_utf8',
      'nul_byte',
      'yaml_syntax',
    ]);
  });

  it('S1 frontmatterPrefix cuts after the closing fence line and refuses to cut when it cannot', () => {
    const cut = (text: string | Buffer) =>
      frontmatterPrefix(Buffer.isBuffer(text) ? text : Buffer.from(text))?.toString('utf8');
    expect(cut(FILES.plain!)).toBe('---\nname: plain\ndescription: Plain skill.\n---\n');
    expect(cut(FILES.crlf!)).toBe('---\r\nname: crlf\r\ndescription: CRLF skill.\r\n---\r\n');
    expect(cut(FILES.bom!)).toBe('\uFEFF---\nname: bom\ndescription: BOM skill.\n---\n');
    expect(cut(FILES['fence-lookalikes']!)).toBe(
      '---\nname: fence-lookalikes\ndescription: |\n  ----\n  --- x\n---x: 1\n---\n',
    );
    expect(cut(FILES['empty-frontmatter']!)).toBe('---\n---\n');
    for (const name of ['fence-at-end', 'unclosed', 'no-fence', 'nul-in-body', 'bad-utf8-in-body'])
      expect(cut(FILES[name]!), name).toBeUndefined();
    expect(cut('---\r\r\nname: x\n---\nbody')).toBeUndefined();
  });
});
