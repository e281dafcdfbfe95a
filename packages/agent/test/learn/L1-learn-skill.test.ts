import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { validateSkill } from '@skilldock/core/format';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  firstUserMessage,
  type LearnProject,
  learnedSkillText,
  learnFails,
  learnWith,
  makeLearnProject,
  servePages,
  writesSkill,
} from './learn-harness.js';

const ARTICLE = `<!doctype html><html><head><title>Deploying the API</title>
<script>window.evil = "SCRIPT-CONTENT";</script><style>.x{color:red}</style></head>
<body><nav><a href="/">Home</a> <a href="/blog">Blog</a></nav>
<article><h1>Deploying the API</h1>
<p>This guide explains how the team deploys the API service to the cluster every week, step by step, so that
anyone on call can ship a release safely and roll it back when the health checks fail after the rollout.</p>
<h2>Steps</h2><ol><li>Run <code>kubectl rollout restart deploy/api</code> from the ops shell.</li>
<li>Watch <code>kubectl rollout status deploy/api</code> until it reports success for every replica.</li></ol>
<p>When the rollout stalls for more than ten minutes, undo it with kubectl rollout undo and page the owner of the
service, because a stalled rollout usually means the new image fails its readiness probe on start.</p>
</article><footer>Copyright</footer></body></html>`;

let project: LearnProject;

beforeEach(async () => {
  project = await makeLearnProject();
});

afterEach(async () => {
  await project.remove();
});

describe('learnSkill from each kind of source', () => {
  it('L1 learns from a page served on loopback: the article as Markdown, no scripts, no cookies', async () => {
    const site = await servePages({
      '/guide': (_request, response) =>
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE),
    });
    try {
      const { result, server } = await learnWith(project, writesSkill('learned-skill-deploy-api'), {
        source: site.url('/guide'),
        focus: 'rollbacks',
        pagePolicy: { allowInsecureLocalhost: true },
      });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const { text } = firstUserMessage(server);
      expect(text).toContain(`the web page ${site.url('/guide')} ("Deploying the API")`);
      expect(text).toContain('## Steps');
      expect(text).toContain('`kubectl rollout restart deploy/api`');
      expect(text).toContain('Focus: rollbacks');
      expect(text).not.toContain('SCRIPT-CONTENT');
      expect(text).not.toContain('color:red');
      expect(site.hits).toEqual(['/guide cookie= auth=']);
      const [skill] = result.skills;
      expect(skill!.directory).toBe(path.join(project.directory, 'learned-skill-deploy-api'));
      expect(skill!.content).toBe(learnedSkillText('learned-skill-deploy-api'));
      expect(await readFile(skill!.file, 'utf8')).toBe(skill!.content);
      expect((await validateSkill(skill!.directory, { profile: 'spec' })).valid).toBe(true);
      expect(result.source).toMatchObject({ kind: 'page', origin: site.url('/guide') });
    } finally {
      await site.close();
    }
  });

  it('L1 learns from a folder: .gitignore respected, binary and secret files skipped and listed', async () => {
    const docs = path.join(project.root, 'docs');
    await mkdir(path.join(docs, 'nested'), { recursive: true });
    await writeFile(path.join(project.root, '.gitignore'), '*.log\n');
    await writeFile(path.join(docs, 'deploy.md'), '# Deploy\nRun make deploy.\n');
    await writeFile(path.join(docs, 'nested', 'rollback.txt'), 'Run make rollback.\n');
    await writeFile(path.join(docs, 'build.log'), 'IGNORED-LOG-LINE\n');
    await writeFile(path.join(docs, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2, 3]));
    await writeFile(path.join(docs, '.env'), 'API_TOKEN=SECRET-VALUE\n');
    const { result, server } = await learnWith(project, writesSkill('learned-skill-make-deploy'), {
      source: 'docs',
    });
    expect(result.ok).toBe(true);
    const { text } = firstUserMessage(server);
    expect(text).toContain('=== deploy.md ===\n# Deploy\nRun make deploy.');
    expect(text).toContain('=== nested/rollback.txt ===\nRun make rollback.');
    expect(text).not.toContain('IGNORED-LOG-LINE');
    expect(text).not.toContain('SECRET-VALUE');
    expect(text).not.toContain('PNG');
    if (!result.ok) return;
    expect(result.source.files).toEqual(['deploy.md', 'nested/rollback.txt']);
    expect(result.source.skipped).toEqual([
      { path: '.env', reason: 'secret (environment file)' },
      { path: 'logo.png', reason: 'binary' },
    ]);
  });

  it('L1 learns from plain text and gives the model the names already taken', async () => {
    await mkdir(path.join(project.directory, 'learned-skill-deploy'));
    await writeFile(
      path.join(project.directory, 'learned-skill-deploy', 'SKILL.md'),
      learnedSkillText('learned-skill-deploy'),
    );
    const { result, server } = await learnWith(project, writesSkill('learned-skill-release'), {
      source: 'Our deploy process: run migrate, deploy the service, then check health',
      existingSkillNames: ['pdf-tools'],
    });
    expect(result.ok).toBe(true);
    const { text } = firstUserMessage(server);
    expect(text).toContain(
      '<source>\nOur deploy process: run migrate, deploy the service, then check health\n</source>',
    );
    expect(text).toContain('These skill names are taken; pick another: pdf-tools, learned-skill-deploy.');
  });

  it('L1 sends a small video to a model marked video: true as a video_url data-URL part', async () => {
    const bytes = Buffer.concat([Buffer.from('\0\0\0\x18ftypmp42', 'latin1'), Buffer.alloc(64, 7)]);
    await writeFile(path.join(project.root, 'tutorial.mp4'), bytes);
    const { result, server } = await learnWith(project, writesSkill('learned-skill-tutorial'), {
      source: './tutorial.mp4',
      focus: 'the deployment workflow',
      video: { supported: true, setting: 'models.providers.openai.models.qwen-vl-max.video' },
    });
    expect(result.ok).toBe(true);
    const { text, parts } = firstUserMessage(server);
    expect(text).toContain('the video tutorial.mp4');
    expect(text).toContain('Focus: the deployment workflow');
    expect(parts).toEqual([
      { type: 'text', text },
      { type: 'video_url', video_url: { url: `data:video/mp4;base64,${bytes.toString('base64')}` } },
    ]);
  });

  it('L1 a direct link to a video on a page server is downloaded and sent as a video part', async () => {
    const bytes = Buffer.alloc(40, 9);
    const site = await servePages({
      '/media/clip.mp4': (_request, response) =>
        response.writeHead(200, { 'content-type': 'video/mp4' }).end(bytes),
    });
    try {
      const { result, server } = await learnWith(project, writesSkill('learned-skill-clip'), {
        source: site.url('/media/clip.mp4'),
        pagePolicy: { allowInsecureLocalhost: true },
        video: { supported: true, setting: 'models.providers.openai.models.qwen-vl-max.video' },
      });
      expect(result).toMatchObject({ ok: true, source: { kind: 'video', title: 'clip.mp4' } });
      expect(firstUserMessage(server).parts[1]).toEqual({
        type: 'video_url',
        video_url: { url: `data:video/mp4;base64,${bytes.toString('base64')}` },
      });
    } finally {
      await site.close();
    }
  });
});

describe('learnSkill into another learn directory', () => {
  it('L1 learn.directory .qwen/skills (a folder that configures Qwen Code) is written because learn was asked to', async () => {
    const directory = path.join(project.root, '.qwen', 'skills');
    const { result, server } = await learnWith(
      project,
      [
        {
          toolCalls: [
            {
              name: 'write_file',
              arguments: {
                path: '.qwen/skills/learned-skill-qwen/SKILL.md',
                content: learnedSkillText('learned-skill-qwen'),
              },
            },
          ],
        },
        { text: 'Done.' },
      ],
      { source: 'Deploy with make deploy.', directory },
    );
    expect(result).toMatchObject({
      ok: true,
      skills: [{ directory: path.join(directory, 'learned-skill-qwen') }],
    });
    const system = (server.requests[0]!.body as { messages: { content: string }[] }).messages[0]!.content;
    expect(system).toContain('.qwen/skills/learned-skill-<name>/SKILL.md');
    expect(await readFile(path.join(directory, 'learned-skill-qwen', 'SKILL.md'), 'utf8')).toBe(
      learnedSkillText('learned-skill-qwen'),
    );
  });
});

describe('learnSkill refusals', () => {
  it('L1 a model not marked video: true is refused, naming the setting, before any request', async () => {
    await writeFile(path.join(project.root, 'clip.webm'), Buffer.alloc(32, 1));
    const { error, requests } = await learnFails(project, { source: 'clip.webm' });
    expect(error.code).toBe('learn_video_unsupported');
    expect(error.message).toContain('"models.providers.openai.models.gpt-4.1.video": true');
    expect(requests).toBe(0);
  });

  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://player.vimeo.com/video/1',
    'https://www.bilibili.com/video/BV1xx411c7mD',
  ])('L1 the video-site page %s is refused with guidance', async (source) => {
    const { error, requests } = await learnFails(project, { source });
    expect(error.code).toBe('learn_video_site');
    expect(error.message).toContain('Download the video into the project');
    expect(requests).toBe(0);
  });

  it('L1 an attempt to overwrite another skill is refused and leaves it as it was', async () => {
    const theirs = path.join(project.directory, 'learned-skill-deploy');
    await mkdir(theirs);
    const handWritten = learnedSkillText('learned-skill-deploy').replace('source: learned\n', '');
    await writeFile(path.join(theirs, 'SKILL.md'), handWritten);
    const { result, server } = await learnWith(project, writesSkill('learned-skill-deploy'), {
      source: 'Deploy with make deploy.',
    });
    expect(result).toMatchObject({ ok: false, code: 'learned_skill_missing' });
    const toolResult = (
      server.requests[1]!.body as { messages: { role: string; content: string }[] }
    ).messages.find((message) => message.role === 'tool');
    expect(toolResult!.content).toContain('not marked "source: learned"');
    expect(await readFile(path.join(theirs, 'SKILL.md'), 'utf8')).toBe(handWritten);
  });

  it('L1 a skill that fails the spec profile is never written, and the result says why', async () => {
    const wrongName = learnedSkillText('learned-skill-deploy').replace(
      'name: learned-skill-deploy',
      'name: Deploy Service',
    );
    const { result } = await learnWith(project, writesSkill('learned-skill-deploy', wrongName), {
      source: 'Deploy with make deploy.',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe('learned_skill_invalid');
    expect(result.message).toContain(
      "name 'Deploy Service' must match its folder name 'learned-skill-deploy'",
    );
    expect(await readdir(project.directory)).toEqual([]);
  });

  it('L1 a skill without the Pitfalls section or source: learned is refused', async () => {
    const text = learnedSkillText('learned-skill-deploy').replace('## Pitfalls', '## Notes');
    const { result } = await learnWith(project, writesSkill('learned-skill-deploy', text), {
      source: 'notes',
    });
    expect(result).toMatchObject({ ok: false, code: 'learned_skill_invalid' });
    if (result.ok) return;
    expect(result.problems).toEqual(['the body needs a "## Pitfalls" section']);
    expect(await readdir(project.directory)).toEqual([]);
  });
});

describe('learnSkill against hostile input', () => {
  it('SEC4 a page over the size limit is refused while it streams', async () => {
    const site = await servePages({
      '/big': (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(`<p>${'x'.repeat(4096)}</p>`);
      },
    });
    try {
      const { error, requests } = await learnFails(project, {
        source: site.url('/big'),
        pagePolicy: { allowInsecureLocalhost: true },
        limits: { pageBytes: 1024 },
      });
      expect(error.code).toBe('download_too_large');
      expect(requests).toBe(0);
    } finally {
      await site.close();
    }
  });

  it('P5 a redirect to a host outside learn.allowedHosts is refused before it is followed', async () => {
    const site = await servePages({
      '/moved': (_request, response) =>
        response.writeHead(302, { location: 'https://evil.example.com/steal' }).end(),
      '/plain': (_request, response) =>
        response.writeHead(302, { location: 'http://docs.example.com/' }).end(),
    });
    try {
      const policy = { allowedHosts: ['docs.example.com'], allowInsecureLocalhost: true };
      const moved = await learnFails(project, { source: site.url('/moved'), pagePolicy: policy });
      expect(moved.error.code).toBe('host_not_allowed');
      expect(moved.error.message).toContain("host 'evil.example.com' is not in learn.allowedHosts");
      const plain = await learnFails(project, { source: site.url('/plain'), pagePolicy: policy });
      expect(plain.error.code).toBe('insecure_protocol');
    } finally {
      await site.close();
    }
  });

  it('P5 loopback pages are refused by default', async () => {
    const site = await servePages({ '/guide': (_request, response) => response.end(ARTICLE) });
    try {
      const { error } = await learnFails(project, { source: site.url('/guide') });
      expect(error.code).toBe('insecure_protocol');
      expect(site.hits).toEqual([]);
      const https = await learnFails(project, { source: 'https://127.0.0.1:1/guide' });
      expect(https.error.code).toBe('host_not_allowed');
    } finally {
      await site.close();
    }
  });

  it('L1 a folder outside the project is a valid source (seed 000: /learn ~/projects/acme-sdk); the skill lands in the learn directory', async () => {
    const home = await makeLearnProject();
    try {
      const sdk = path.join(home.root, 'projects', 'acme-sdk');
      await mkdir(path.join(sdk, 'docs'), { recursive: true });
      await mkdir(path.join(sdk, '.git'), { recursive: true });
      await mkdir(path.join(sdk, 'node_modules', 'dep'), { recursive: true });
      await writeFile(path.join(sdk, 'README.md'), '# Acme SDK\nCall acme.connect() first.\n');
      await writeFile(path.join(sdk, 'docs', 'auth.md'), 'Tokens expire after an hour.\n');
      await writeFile(path.join(sdk, '.git', 'config'), 'GIT-CONFIG-TEXT\n');
      await writeFile(path.join(sdk, 'node_modules', 'dep', 'index.js'), 'NODE-MODULES-TEXT\n');
      await writeFile(path.join(sdk, '.gitignore'), 'build/\n');
      await mkdir(path.join(sdk, 'build'));
      await writeFile(path.join(sdk, 'build', 'out.txt'), 'BUILD-OUTPUT\n');
      await writeFile(path.join(sdk, 'id_rsa.pem'), 'PEM-SECRET\n');
      const { result, server } = await learnWith(project, writesSkill('learned-skill-acme-sdk'), {
        source: '~/projects/acme-sdk',
        homeDirectory: home.root,
      });
      expect(result.ok).toBe(true);
      const { text } = firstUserMessage(server);
      expect(text).toContain('=== README.md ===\n# Acme SDK');
      expect(text).toContain('=== docs/auth.md ===\nTokens expire after an hour.');
      for (const hidden of ['GIT-CONFIG-TEXT', 'NODE-MODULES-TEXT', 'BUILD-OUTPUT', 'PEM-SECRET']) {
        expect(text).not.toContain(hidden);
      }
      if (!result.ok) return;
      expect(result.source.origin).toBe(sdk);
      expect(result.source.files).toEqual(['.gitignore', 'README.md', 'docs/auth.md']);
      expect(result.source.skipped).toEqual([
        { path: 'id_rsa.pem', reason: 'secret (PEM key or certificate)' },
      ]);
      expect(result.skills[0]!.directory).toBe(path.join(project.directory, 'learned-skill-acme-sdk'));
      // Reading the source wrote nothing into it.
      expect((await readdir(sdk)).sort()).toEqual([
        '.git',
        '.gitignore',
        'README.md',
        'build',
        'docs',
        'id_rsa.pem',
        'node_modules',
      ]);
    } finally {
      await home.remove();
    }
  });

  it('SEC1 a link planted in an outside source is not followed to secrets, and a linked source is refused', async () => {
    const outside = await makeLearnProject();
    const secrets = await makeLearnProject();
    try {
      await writeFile(path.join(outside.root, 'notes.md'), 'OUTSIDE NOTES\n');
      await writeFile(path.join(secrets.root, 'token.txt'), 'LINKED-SECRET\n');
      await symlink(path.join(secrets.root, 'token.txt'), path.join(outside.root, 'token.md'));
      await symlink(secrets.root, path.join(outside.root, 'more'));
      const { result, server } = await learnWith(project, writesSkill('learned-skill-notes'), {
        source: outside.root,
      });
      expect(result.ok).toBe(true);
      expect(firstUserMessage(server).text).toContain('OUTSIDE NOTES');
      expect(firstUserMessage(server).text).not.toContain('LINKED-SECRET');
      if (!result.ok) return;
      expect(result.source.files).toEqual(['notes.md']);
      expect(result.source.skipped).toEqual(
        expect.arrayContaining([{ path: 'token.md', reason: 'symbolic link' }]),
      );
      await symlink(path.join(outside.root, 'notes.md'), path.join(project.root, 'linked.md'));
      const linked = await learnFails(project, { source: './linked.md' });
      expect(linked.error.code).toBe('symlink_refused');
      expect(linked.requests).toBe(0);
    } finally {
      await outside.remove();
      await secrets.remove();
    }
  });

  it('SEC3 a source that is itself a secret is refused before anything is read', async () => {
    const home = await makeLearnProject();
    try {
      await mkdir(path.join(home.root, '.ssh'));
      await writeFile(path.join(home.root, '.ssh', 'config'), 'Host *\n');
      await writeFile(path.join(project.root, '.env'), 'API_TOKEN=SECRET-VALUE\n');
      for (const source of ['~/.ssh', '~/.ssh/config', './.env']) {
        const failed = await learnFails(project, { source, homeDirectory: home.root });
        expect(failed.error.code, source).toBe('learn_source_secret');
        expect(failed.requests).toBe(0);
      }
    } finally {
      await home.remove();
    }
  });

  it('SEC4 a huge tree stops at the entry budget and says so', async () => {
    const outside = await makeLearnProject();
    try {
      for (let folder = 0; folder < 30; folder++) {
        const directory = path.join(outside.root, `part-${String(folder).padStart(2, '0')}`);
        await mkdir(directory);
        await Promise.all(
          Array.from({ length: 20 }, (_, index) =>
            writeFile(path.join(directory, `f${index}.md`), `note ${index}\n`),
          ),
        );
      }
      const { result } = await learnWith(project, writesSkill('learned-skill-parts'), {
        source: outside.root,
        limits: { entries: 100, files: 1_000 },
      });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.source.truncated).toBe(true);
      expect(result.source.files.length).toBeGreaterThan(0);
      expect(result.source.files.length).toBeLessThanOrEqual(100);
      expect(result.source.skipped[0]).toEqual({
        path: '.',
        reason: 'the folder holds more than 100 files and folders; the walk stopped there',
      });
    } finally {
      await outside.remove();
    }
  });

  it('SEC3 the run reads only its source and the learn directory: a page cannot send it after .env', async () => {
    await writeFile(path.join(project.root, '.env'), 'API_TOKEN=SECRET-VALUE\n');
    await mkdir(path.join(project.root, 'docs'));
    await writeFile(path.join(project.root, 'docs', 'deploy.md'), 'Run make deploy.\n');
    await writeFile(path.join(project.root, 'docs', '.env'), 'API_TOKEN=SECRET-VALUE\n');
    const { result, server } = await learnWith(
      project,
      [
        {
          toolCalls: [
            { name: 'read_file', arguments: { path: '.env' } },
            { name: 'glob', arguments: { pattern: '../**/.env', path: 'docs' } },
            { name: 'read_file', arguments: { path: 'docs/deploy.md' } },
            { name: 'read_file', arguments: { path: 'docs/.env' } },
            { name: 'ls', arguments: { path: '.agents/skills' } },
          ],
        },
        ...(writesSkill('learned-skill-deploy') as object[]),
      ] as never,
      { source: 'docs' },
    );
    expect(result.ok).toBe(true);
    const results = (server.requests[1]!.body as { messages: { role: string; content: string }[] }).messages
      .filter((message) => message.role === 'tool')
      .map((message) => message.content);
    expect(results[0]).toContain('this run may read only .agents/skills, docs');
    expect(results[1]).toContain('this run may read only');
    expect(results[2]).toContain('Run make deploy.');
    expect(results[3]).toContain('docs/.env is a secret file (environment file)');
    expect(results.join('\n')).not.toContain('SECRET-VALUE');
  });

  it('SEC4 a run cancelled after it wrote the skill keeps nothing', async () => {
    const controller = new AbortController();
    const { result } = await learnWith(
      project,
      [
        (writesSkill('learned-skill-deploy') as object[])[0] as never,
        { text: 'never sent in time', delayMs: 30_000 },
      ],
      {
        source: 'Deploy with make deploy.',
        signal: controller.signal,
        onEvent: (event) => {
          if (event.type === 'tool-call-end') controller.abort();
        },
      },
    );
    expect(result).toMatchObject({ ok: false, code: 'learned_skill_missing' });
    expect(result.ok ? '' : result.message).toContain('ended cancelled');
    expect(await readdir(project.directory)).toEqual([]);
  });

  it('SEC1 a link in the learn directory is never written through', async () => {
    const outside = await makeLearnProject();
    try {
      await symlink(outside.root, path.join(project.directory, 'learned-skill-linked'));
      const { result, server } = await learnWith(project, writesSkill('learned-skill-linked'), {
        source: 'Deploy with make deploy.',
      });
      expect(result).toMatchObject({ ok: false, code: 'learned_skill_missing' });
      const messages = (server.requests[1]!.body as { messages: { role: string; content: string }[] })
        .messages;
      expect(messages.find((message) => message.role === 'tool')!.content).toContain('is a symbolic link');
      expect(await readdir(outside.root)).toEqual(['.agents']);
    } finally {
      await outside.remove();
    }
  });
});
