import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSource } from '../../../src/install/sources/resolve-source.js';
import { removeTemporaryDirectories, temporaryDirectory } from './install-fixtures.js';

let cwd: string;
let home: string;

beforeAll(async () => {
  cwd = await temporaryDirectory();
  home = await temporaryDirectory();
  await mkdir(path.join(cwd, 'my-skills'));
  await writeFile(path.join(cwd, 'bundle.zip'), 'PK');
  await writeFile(path.join(cwd, 'bundle.tar.gz'), '');
  await writeFile(path.join(cwd, 'bundle.tgz'), '');
  await writeFile(path.join(cwd, 'SKILL.md'), '---\n');
  await writeFile(path.join(cwd, 'notes.txt'), '');
  await mkdir(path.join(home, 'skills'));
});
afterAll(removeTemporaryDirectories);

const resolve = (input: string, options = {}) =>
  resolveSource(input, { cwd, homeDirectory: home, ...options });

describe('resolveSource', () => {
  it('P4 reads ./, ../, absolute and ~ paths as local folders, recorded by absolute path', () => {
    expect(resolve('./my-skills')).toMatchObject({
      type: 'local',
      path: path.join(cwd, 'my-skills'),
      lockSource: path.join(cwd, 'my-skills'),
      lockSourceType: 'local',
    });
    expect(resolve('.')).toMatchObject({ type: 'local', path: cwd });
    expect(resolve(path.join(cwd, 'my-skills'))).toMatchObject({ type: 'local' });
    expect(resolve('~/skills')).toMatchObject({ type: 'local', path: path.join(home, 'skills') });
  });

  it('P4 reads a bare name that exists on disk as local', () => {
    expect(resolve('my-skills')).toMatchObject({ type: 'local', path: path.join(cwd, 'my-skills') });
    expect(resolve('bundle.zip')).toMatchObject({ type: 'archive', path: path.join(cwd, 'bundle.zip') });
  });

  it('P4 tells archives and a single SKILL.md from folders', () => {
    expect(resolve('./bundle.zip').type).toBe('archive');
    expect(resolve('./bundle.tar.gz').type).toBe('archive');
    expect(resolve('./bundle.tgz').type).toBe('archive');
    expect(resolve('./SKILL.md')).toMatchObject({ type: 'file', lockSourceType: 'local' });
  });

  it('P4 refuses a missing path and a file that is neither an archive nor a SKILL.md', () => {
    expect(() => resolve('./missing')).toThrow(expect.objectContaining({ code: 'source_not_found' }));
    expect(() => resolve('./notes.txt')).toThrow(
      expect.objectContaining({ code: 'unsupported_source_file' }),
    );
  });

  it('P4 reads owner/repo as a GitHub repository over https', () => {
    expect(resolve('acme/skills')).toEqual({
      input: 'acme/skills',
      type: 'github',
      url: 'https://github.com/acme/skills.git',
      lockSource: 'acme/skills',
      lockSourceType: 'github',
    });
  });

  it('P4 reads owner/repo/path and owner/repo@skill', () => {
    expect(resolve('acme/skills/tools/pdf')).toMatchObject({
      type: 'github',
      subpath: 'tools/pdf',
      lockSource: 'acme/skills',
    });
    expect(resolve('acme/skills@pdf-tools')).toMatchObject({
      type: 'github',
      skill: 'pdf-tools',
      lockSource: 'acme/skills',
    });
    expect(resolve('github:acme/skills')).toMatchObject({
      type: 'github',
      url: 'https://github.com/acme/skills.git',
    });
  });

  it('P4 reads #ref and #ref@skill after a git source, as the skills CLI does', () => {
    expect(resolve('acme/skills#v1.2')).toMatchObject({ ref: 'v1.2' });
    expect(resolve('acme/skills#main@pdf')).toMatchObject({ ref: 'main', skill: 'pdf' });
    expect(resolve('https://github.com/acme/skills#dev')).toMatchObject({ type: 'github', ref: 'dev' });
  });

  it('P4 reads GitHub web URLs, with /tree/REF/PATH', () => {
    expect(resolve('https://github.com/acme/skills')).toMatchObject({
      type: 'github',
      url: 'https://github.com/acme/skills.git',
      lockSource: 'acme/skills',
    });
    expect(resolve('https://github.com/acme/skills.git')).toMatchObject({
      url: 'https://github.com/acme/skills.git',
    });
    expect(resolve('https://github.com/acme/skills/tree/main/skills/pdf')).toMatchObject({
      type: 'github',
      ref: 'main',
      subpath: 'skills/pdf',
    });
    expect(resolve('https://github.com/acme/skills/tree/v2')).toMatchObject({ ref: 'v2' });
    expect(resolve('https://github.com/acme/skills/tree/v2').subpath).toBeUndefined();
  });

  it('P4 reads any other https URL ending in .git as a git source, recorded by its URL', () => {
    expect(
      resolve('https://git.example.com/team/skills.git#v3', { allowHosts: ['git.example.com'] }),
    ).toEqual({
      input: 'https://git.example.com/team/skills.git#v3',
      type: 'git',
      url: 'https://git.example.com/team/skills.git',
      ref: 'v3',
      lockSource: 'https://git.example.com/team/skills.git',
      lockSourceType: 'git',
    });
  });

  it('P4 reads any other https URL as a well-known site, recorded by host name', () => {
    expect(resolve('https://www.example.com/docs/', { allowHosts: ['www.example.com'] })).toMatchObject({
      type: 'well-known',
      url: 'https://www.example.com/docs',
      lockSource: 'example.com',
      lockSourceType: 'well-known',
    });
    expect(
      resolve('https://example.com/.well-known/agent-skills/pdf', { allowHosts: ['example.com'] }),
    ).toMatchObject({ url: 'https://example.com', skill: 'pdf' });
    expect(
      resolve('https://example.com/.well-known/skills/index.json', { allowHosts: ['example.com'] }),
    ).toMatchObject({ url: 'https://example.com' });
  });

  it('P5 checks remote sources against the allowlist while resolving', () => {
    expect(() => resolve('https://example.com/skills')).toThrow(
      expect.objectContaining({ code: 'host_not_allowed' }),
    );
    expect(() => resolve('acme/skills', { allowedHosts: [] })).toThrow(
      expect.objectContaining({ code: 'remote_install_disabled' }),
    );
    expect(() => resolve('https://user@github.com/acme/skills')).toThrow(
      expect.objectContaining({ code: 'url_has_credentials' }),
    );
    expect(() => resolve('https://github.com/acme/skills?tab=readme')).toThrow(
      expect.objectContaining({ code: 'url_has_query' }),
    );
    expect(() => resolve('https://evil.com#github.com')).toThrow(
      expect.objectContaining({ code: 'host_not_allowed' }),
    );
    expect(() => resolve('https://github.com.evil.com/acme/skills.git')).toThrow(
      expect.objectContaining({ code: 'host_not_allowed' }),
    );
  });

  it('P5 a fragment on a well-known URL is refused (it is not a git ref there)', () => {
    expect(() => resolve('https://example.com/#x', { allowHosts: ['example.com'] })).toThrow(
      expect.objectContaining({ code: 'url_has_fragment' }),
    );
  });

  it('P5 refuses SSH sources, which need keys, and points at https', () => {
    for (const input of ['git@github.com:acme/skills.git', 'ssh://git@github.com/acme/skills.git']) {
      expect(() => resolve(input)).toThrow(
        expect.objectContaining({
          code: 'unsupported_protocol',
          message: expect.stringContaining('https://'),
        }),
      );
    }
  });

  it('P4 refuses a ref that git could read as an option, and a subpath with ..', () => {
    expect(() => resolve('acme/skills#--upload-pack=touch')).toThrow(
      expect.objectContaining({ code: 'invalid_ref' }),
    );
    expect(() => resolve('https://github.com/acme/skills/tree/-x/y')).toThrow(
      expect.objectContaining({ code: 'invalid_ref' }),
    );
    expect(() => resolve('acme/skills/../../etc')).toThrow(
      expect.objectContaining({ code: 'unsafe_subpath' }),
    );
  });

  it('P4 refuses what it cannot read', () => {
    expect(() => resolve('')).toThrow(expect.objectContaining({ code: 'empty_source' }));
    expect(() => resolve('just-a-name')).toThrow(expect.objectContaining({ code: 'unrecognized_source' }));
    expect(() => resolve('https://github.com/acme')).toThrow(
      expect.objectContaining({ code: 'unrecognized_github_url' }),
    );
  });
});
