import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EXPLORER_MESSAGES as M, NUL_REFUSED } from '@platform/contracts';
import { BEARER, TEST_INTERNAL_API_KEY, TestClient, TestPlatform } from '@platform/testing';

/** git as a person at a terminal would run it, for what the explorer has no route for (a remote, staging by hand). */
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Tester', '-c', 'user.email=tester@example.com', ...args], { cwd, encoding: 'utf8' }).trim();

const ROUTES = [
  ['GET', '/api/browse/tree'], ['GET', '/api/browse/read?path=a.txt'], ['POST', '/api/browse/write'], ['GET', '/api/browse/git-status'],
  ['GET', '/api/browse/git-diff'], ['POST', '/api/browse/git-sync'], ['GET', '/api/browse/git-log'],
] as const;

describe('file explorer /api/browse (extended-services 4.12)', () => {
  let platform: TestPlatform;
  let browseRoot: string;
  let outside: string;
  let dataDir: string;
  const client = () => new TestClient(platform.backendUrl, BEARER);

  /** A fresh agent (pending: no runtime needed to browse its workspace) and its folder on disk. */
  async function newAgent(): Promise<{ id: string; dir: string }> {
    const created = await client().post('/api/agents', { name: 'Explorer' }, { 'x-user-id': 'explorer-owner' });
    expect(created.status).toBe(201);
    return { id: created.body.id, dir: path.join(dataDir, created.body.id) };
  }

  beforeAll(async () => {
    browseRoot = await mkdtemp(path.join(os.tmpdir(), 'explorer-root-'));
    outside = await mkdtemp(path.join(os.tmpdir(), 'explorer-outside-'));
    await writeFile(path.join(outside, 'secret.txt'), 'not yours');
    for (const [file, content] of Object.entries({
      'README.md': '# Root\n', 'b.txt': 'b', 'a.txt': 'a', 'file10.txt': '10', 'file2.txt': '2',
      'src/index.ts': 'export {};\n', 'src/lib/util.ts': '', 'Docs/guide.md': '',
      'deep/l2/l3/l4/l5/too-deep.txt': '',
      'node_modules/x/index.js': '', '.git/HEAD': '', '.next/x': '', 'dist/x.js': '', 'build/x': '', '.cache/x': '', '__pycache__/x.pyc': '',
    })) {
      await mkdir(path.dirname(path.join(browseRoot, file)), { recursive: true });
      await writeFile(path.join(browseRoot, file), content);
    }
    await symlink(path.join(outside, 'secret.txt'), path.join(browseRoot, 'leak.txt'));
    await symlink(outside, path.join(browseRoot, 'leak-dir'));
    await symlink(path.join(browseRoot, 'src'), path.join(browseRoot, 'src-link'));
    platform = await TestPlatform.start({ services: ['agents'], env: { BROWSE_ROOT: browseRoot } });
    dataDir = platform.env.AGENT_DATA_DIR!;
  });

  afterAll(async () => {
    await platform?.close();
    await rm(browseRoot, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  describe('authentication', () => {
    it.each(ROUTES)('%s %s answers 401 without the bearer key', async (method, route) => {
      const response = await new TestClient(platform.backendUrl).request(method, route, method === 'POST' ? {} : undefined);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized' });
    });

    it('answers 403 for a wrong bearer key', async () => {
      const response = await new TestClient(platform.backendUrl, { authorization: `Bearer ${TEST_INTERNAL_API_KEY}-not` }).get('/api/browse/tree');
      expect(response.status).toBe(403);
    });
  });

  describe('GET /tree', () => {
    it('lists BROWSE_ROOT without agentId: folders first, alphabetical, the excluded names and links leading out left out, 3 levels deep', async () => {
      const response = await client().get('/api/browse/tree');

      expect(response.status).toBe(200);
      expect(response.body.ok).toBe(true);
      expect(response.body.truncated).toBe(false);
      const root = response.body.root;
      expect(root).toMatchObject({ type: 'folder', name: path.basename(browseRoot), path: '' });
      expect(root.children.map((node: { name: string }) => node.name)).toEqual(
        ['deep', 'Docs', 'src', 'src-link', 'a.txt', 'b.txt', 'file2.txt', 'file10.txt', 'README.md'],
      );
      const src = root.children.find((node: { name: string }) => node.name === 'src');
      expect(src).toEqual({
        type: 'folder', name: 'src', path: 'src', children: [
          { type: 'folder', name: 'lib', path: 'src/lib', children: [{ type: 'file', name: 'util.ts', path: 'src/lib/util.ts' }] },
          { type: 'file', name: 'index.ts', path: 'src/index.ts' },
        ],
      });
      // A link to a folder inside is shown as a folder, never walked into.
      expect(root.children.find((node: { name: string }) => node.name === 'src-link')).toEqual({ type: 'folder', name: 'src-link', path: 'src-link', children: [] });
      // Three levels: deep/l2/l3 is listed, its contents are not.
      const l3 = root.children[0].children[0].children[0];
      expect(l3).toEqual({ type: 'folder', name: 'l3', path: 'deep/l2/l3', children: [] });
    });

    it('caps depth at 4', async () => {
      const l3 = async (depth: string) => (await client().get(`/api/browse/tree?depth=${depth}`)).body.root.children[0].children[0].children[0];
      const four = await l3('4');
      expect(four.children).toEqual([{ type: 'folder', name: 'l4', path: 'deep/l2/l3/l4', children: [] }]);
      expect(await l3('99')).toEqual(four);
    });

    it.each(['0', '-1', '2.5', 'deep'])('answers 400 for depth=%s', async (depth) => {
      const response = await client().get(`/api/browse/tree?depth=${depth}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: M.depthInvalid });
    });

    it('answers 400 without agentId when no BROWSE_ROOT is configured, 404 for an unknown agent, 400 for an id that is none', async () => {
      await platform.stopService('agents');
      await platform.startService('agents', { BROWSE_ROOT: '' });
      try {
        expect(await client().get('/api/browse/tree')).toMatchObject({ status: 400, body: { error: M.noBrowseRoot } });
      } finally {
        await platform.stopService('agents');
        await platform.startService('agents', { BROWSE_ROOT: browseRoot });
      }
      expect(await client().get('/api/browse/tree?agentId=00000000-0000-4000-8000-000000000000')).toMatchObject({ status: 404, body: { error: 'Agent not found' } });
      expect(await client().get('/api/browse/tree?agentId=nope')).toMatchObject({ status: 400, body: { error: M.agentIdInvalid } });
    });
  });

  describe('GET /read', () => {
    it('answers a file as UTF-8 with its size in bytes and modification time', async () => {
      const response = await client().get('/api/browse/read?path=src/index.ts');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true, path: 'src/index.ts', content: 'export {};\n', size: 11, modified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    });

    it('answers a file of just under 1 MB whole', async () => {
      await writeFile(path.join(browseRoot, 'near-limit.txt'), 'y'.repeat(990_000));
      const response = await client().get('/api/browse/read?path=near-limit.txt');
      expect(response.status).toBe(200);
      expect([response.body.size, response.body.content.length]).toEqual([990_000, 990_000]);
    });

    it('answers 400 without path, for a folder, for a file over 1 MB, for bytes that are not UTF-8; 404 for nothing there', async () => {
      await writeFile(path.join(browseRoot, 'big.txt'), 'x'.repeat(1024 * 1024 + 1));
      await writeFile(path.join(browseRoot, 'binary.bin'), Buffer.from([0xff, 0xfe, 0x00, 0x80]));
      expect(await client().get('/api/browse/read')).toMatchObject({ status: 400, body: { error: M.pathRequired } });
      expect(await client().get('/api/browse/read?path=src')).toMatchObject({ status: 400, body: { error: M.notAFile } });
      expect(await client().get('/api/browse/read?path=')).toMatchObject({ status: 400, body: { error: M.notAFile } });
      expect(await client().get('/api/browse/read?path=big.txt')).toMatchObject({ status: 400, body: { error: M.fileTooLarge } });
      expect(await client().get('/api/browse/read?path=binary.bin')).toMatchObject({ status: 400, body: { error: M.notUtf8 } });
      expect(await client().get('/api/browse/read?path=missing.txt')).toMatchObject({ status: 404, body: { error: M.fileNotFound } });
    });
  });

  describe('POST /write', () => {
    it('writes a file in an agent\'s workspace, making its parent folders, and reads it back', async () => {
      const agent = await newAgent();
      const written = await client().post('/api/browse/write', { agentId: agent.id, path: 'notes/2026/plan.md', content: 'Tour plan: Berlin, Paris — €120\n' });

      expect(written.status).toBe(200);
      expect(written.body).toEqual({ ok: true, path: 'notes/2026/plan.md', size: Buffer.byteLength('Tour plan: Berlin, Paris — €120\n') });
      expect(await readFile(path.join(agent.dir, 'notes/2026/plan.md'), 'utf8')).toBe('Tour plan: Berlin, Paris — €120\n');
      const read = await client().get(`/api/browse/read?agentId=${agent.id}&path=notes/2026/plan.md`);
      expect(read.body.content).toBe('Tour plan: Berlin, Paris — €120\n');
      const tree = await client().get(`/api/browse/tree?agentId=${agent.id}`);
      expect(tree.body.root).toEqual({
        type: 'folder', name: agent.id, path: '', children: [
          { type: 'folder', name: 'notes', path: 'notes', children: [{ type: 'folder', name: '2026', path: 'notes/2026', children: [{ type: 'file', name: 'plan.md', path: 'notes/2026/plan.md' }] }] },
          { type: 'file', name: '.gitignore', path: '.gitignore' },
        ],
      });
    });

    it('takes agentId in the query too, and refuses two different ones', async () => {
      const [first, second] = [await newAgent(), await newAgent()];
      expect((await client().post(`/api/browse/write?agentId=${first.id}`, { path: 'q.txt', content: 'q' })).status).toBe(200);
      expect(existsSync(path.join(first.dir, 'q.txt'))).toBe(true);
      const mismatch = await client().post(`/api/browse/write?agentId=${first.id}`, { agentId: second.id, path: 'q.txt', content: 'q' });
      expect(mismatch).toMatchObject({ status: 400, body: { error: M.agentIdMismatch } });
    });

    it('answers 400 without path or content, and for a folder', async () => {
      expect(await client().post('/api/browse/write', { content: 'x' })).toMatchObject({ status: 400, body: { error: M.pathRequired } });
      expect(await client().post('/api/browse/write', { path: 'x.txt' })).toMatchObject({ status: 400, body: { error: M.contentRequired } });
      expect(await client().post('/api/browse/write', { path: '', content: 'x' })).toMatchObject({ status: 400, body: { error: M.pathRequired } });
      expect(await client().post('/api/browse/write', { path: 'src', content: 'x' })).toMatchObject({ status: 400, body: { error: M.notAFile } });
      expect(await client().post('/api/browse/write', { path: 'a.txt/under-a-file.txt', content: 'x' })).toMatchObject({ status: 400, body: { error: M.notAFile } });
    });
  });

  describe('paths that leave the workspace', () => {
    const FORMS: Array<[string, string, string]> = [
      ['a parent reference', '../secret.txt', M.pathOutside],
      ['a parent reference inside the path', 'src/../../secret.txt', M.pathOutside],
      ['a backslash parent reference', '..\\secret.txt', M.pathOutside],
      ['an absolute path', '/etc/passwd', M.pathOutside],
      ['a NUL byte', 'a.txt\u0000.png', NUL_REFUSED],
      ['an over-long path', `${'a/'.repeat(2100)}x`, M.pathTooLong],
      ['an over-long name', 'n'.repeat(256), M.pathTooLong],
      ['git\'s own folder', '.git/HEAD', M.pathInGitDir],
      ['a planted symlink to a file outside', 'leak.txt', M.pathOutside],
      ['a planted symlink to a folder outside', 'leak-dir/secret.txt', M.pathOutside],
    ];

    it.each(FORMS)('GET /read refuses %s with 400', async (_form, requested, error) => {
      const response = await client().get(`/api/browse/read?path=${encodeURIComponent(requested)}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error });
    });

    it.each(FORMS)('POST /write refuses %s with 400 and writes nothing outside', async (_form, requested, error) => {
      const response = await client().post('/api/browse/write', { path: requested, content: 'pwned' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error });
      expect(await readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('not yours');
    });

    it('makes no folder through a planted link that leads out', async () => {
      const response = await client().post('/api/browse/write', { path: 'leak-dir/new/file.txt', content: 'x' });
      expect(response).toMatchObject({ status: 400, body: { error: M.pathOutside } });
      expect(existsSync(path.join(outside, 'new'))).toBe(false);
    });

    it('refuses a link planted in an agent\'s workspace, on read, write and diff', async () => {
      const agent = await newAgent();
      await client().get(`/api/browse/tree?agentId=${agent.id}`);
      await symlink(path.join(outside, 'secret.txt'), path.join(agent.dir, 'planted.txt'));
      await symlink(path.join(agent.dir, '.git', 'config'), path.join(agent.dir, 'config-link'));

      expect(await client().get(`/api/browse/read?agentId=${agent.id}&path=planted.txt`)).toMatchObject({ status: 400, body: { error: M.pathOutside } });
      expect(await client().post('/api/browse/write', { agentId: agent.id, path: 'planted.txt', content: 'x' })).toMatchObject({ status: 400, body: { error: M.pathOutside } });
      expect(await client().get(`/api/browse/read?agentId=${agent.id}&path=config-link`)).toMatchObject({ status: 400, body: { error: M.pathInGitDir } });
      expect(await client().get(`/api/browse/git-diff?agentId=${agent.id}&path=../x`)).toMatchObject({ status: 400, body: { error: M.pathOutside } });
      expect(await readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('not yours');
    });

    it('writes through a link that stays inside', async () => {
      await symlink('a.txt', path.join(browseRoot, 'a-link.txt'));
      expect((await client().post('/api/browse/write', { path: 'a-link.txt', content: 'via link' })).status).toBe(200);
      expect(await readFile(path.join(browseRoot, 'a.txt'), 'utf8')).toBe('via link');
    });
  });

  describe('git', () => {
    it('GET /git-status: a new agent\'s workspace is a repository on main, without a remote, listing what changed', async () => {
      const agent = await newAgent();
      await client().post('/api/browse/write', { agentId: agent.id, path: 'song.txt', content: 'la la' });

      const response = await client().get(`/api/browse/git-status?agentId=${agent.id}`);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        ok: true, isGitRepo: true, branch: 'main', remote: null, hasChanges: true,
        changes: [{ status: '??', path: '.gitignore' }, { status: '??', path: 'song.txt' }],
      });
    });

    it('GET /git-status of a folder that is no repository says so', async () => {
      const response = await client().get('/api/browse/git-status');
      expect(response.body).toEqual({ ok: true, isGitRepo: false, branch: null, remote: null, changes: [], hasChanges: false });
    });

    it('POST /git-sync commits everything and pushes to the configured remote', async () => {
      const agent = await newAgent();
      const bare = await mkdtemp(path.join(os.tmpdir(), 'explorer-remote-'));
      try {
        git(bare, 'init', '--bare', '--initial-branch=main');
        await client().post('/api/browse/write', { agentId: agent.id, path: 'setlist.md', content: '1. Intro\n' });
        git(agent.dir, 'remote', 'add', 'origin', bare);

        const response = await client().post('/api/browse/git-sync', { agentId: agent.id, message: 'Add the setlist' });

        expect(response.status).toBe(200);
        expect(response.body).toEqual({ ok: true, committed: true, pushed: true, hash: expect.stringMatching(/^[0-9a-f]{40}$/), message: 'Add the setlist' });
        expect(git(bare, 'rev-parse', 'main')).toBe(response.body.hash);
        expect(git(bare, 'show', 'main:setlist.md')).toBe('1. Intro');
        expect(git(bare, 'log', '-1', '--format=%an <%ae>', 'main')).toBe('Platform Explorer <explorer@platform.local>');
        const status = await client().get(`/api/browse/git-status?agentId=${agent.id}`);
        expect(status.body).toMatchObject({ remote: bare, hasChanges: false, changes: [] });
      } finally {
        await rm(bare, { recursive: true, force: true });
      }
    });

    it('POST /git-sync with nothing to commit commits and pushes nothing, under the default message', async () => {
      const agent = await newAgent();
      await client().post('/api/browse/git-sync', { agentId: agent.id });

      const response = await client().post('/api/browse/git-sync', { agentId: agent.id });

      expect(response.body).toEqual({ ok: true, committed: false, pushed: false, hash: null, message: 'sync changes' });
    });

    it('POST /git-sync commits without a remote, and says why a remote refused the push', async () => {
      const agent = await newAgent();
      await client().post('/api/browse/write', { agentId: agent.id, path: 'a.txt', content: 'a' });
      const local = await client().post('/api/browse/git-sync', { agentId: agent.id });
      expect(local.body).toMatchObject({ committed: true, pushed: false, hash: expect.stringMatching(/^[0-9a-f]{40}$/), message: 'sync changes' });
      expect(local.body.pushError).toBeUndefined();
      expect(git(agent.dir, 'log', '-1', '--format=%s')).toBe('sync changes');

      git(agent.dir, 'remote', 'add', 'origin', path.join(outside, 'no-such-repo.git'));
      await client().post('/api/browse/write', { agentId: agent.id, path: 'b.txt', content: 'b' });
      const refused = await client().post('/api/browse/git-sync', { agentId: agent.id });
      expect(refused.status).toBe(200);
      expect(refused.body).toMatchObject({ committed: true, pushed: false, pushError: expect.any(String) });
    });

    it('POST /git-sync answers 500 when staging or committing fails', async () => {
      const agent = await newAgent();
      await client().post('/api/browse/write', { agentId: agent.id, path: 'a.txt', content: 'a' });
      // Another git holding the index: git add refuses.
      await writeFile(path.join(agent.dir, '.git', 'index.lock'), '');
      const response = await client().post('/api/browse/git-sync', { agentId: agent.id });
      expect(response).toMatchObject({ status: 500, body: { error: M.gitFailed } });
    });

    it('POST /git-sync answers 500 for a folder that is no repository', async () => {
      const response = await client().post('/api/browse/git-sync', {});
      expect(response).toMatchObject({ status: 500, body: { error: M.notARepo } });
    });

    it('serializes concurrent syncs of one workspace: each change is committed once, none fails', async () => {
      const agent = await newAgent();
      await client().post('/api/browse/write', { agentId: agent.id, path: 'x.txt', content: 'x' });
      const answers = await Promise.all(Array.from({ length: 4 }, () => client().post('/api/browse/git-sync', { agentId: agent.id })));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect(answers.filter((answer) => answer.body.committed)).toHaveLength(1);
    });

    it('GET /git-diff: unstaged and staged changes, for one path or all, null when there are none', async () => {
      const agent = await newAgent();
      await client().post('/api/browse/write', { agentId: agent.id, path: 'lyrics.txt', content: 'verse one\n' });
      await client().post('/api/browse/write', { agentId: agent.id, path: 'other.txt', content: 'one\n' });
      await client().post('/api/browse/git-sync', { agentId: agent.id });
      expect((await client().get(`/api/browse/git-diff?agentId=${agent.id}`)).body).toEqual({ ok: true, unstaged: null, staged: null, truncated: false });

      await client().post('/api/browse/write', { agentId: agent.id, path: 'lyrics.txt', content: 'verse two\n' });
      await client().post('/api/browse/write', { agentId: agent.id, path: 'other.txt', content: 'two\n' });
      git(agent.dir, 'add', 'other.txt');

      const all = await client().get(`/api/browse/git-diff?agentId=${agent.id}`);
      expect(all.status).toBe(200);
      expect(all.body.unstaged).toContain('-verse one\n+verse two');
      expect(all.body.staged).toContain('-one\n+two');
      const one = await client().get(`/api/browse/git-diff?agentId=${agent.id}&path=lyrics.txt`);
      expect(one.body).toMatchObject({ staged: null, truncated: false });
      expect(one.body.unstaged).toContain('lyrics.txt');
    });

    it('GET /git-log: newest first with hash, short hash, subject, author and relative date; 20 by default, never more than 100', async () => {
      const agent = await newAgent();
      await client().post('/api/browse/git-sync', { agentId: agent.id, message: 'first' });
      for (let index = 1; index <= 105; index += 1) git(agent.dir, 'commit', '--allow-empty', '--quiet', '-m', `commit ${index}`);

      const latest = await client().get(`/api/browse/git-log?agentId=${agent.id}`);
      expect(latest.status).toBe(200);
      expect(latest.body.commits).toHaveLength(20);
      expect(latest.body.commits[0]).toEqual({
        hash: git(agent.dir, 'rev-parse', 'HEAD'), shortHash: git(agent.dir, 'rev-parse', '--short', 'HEAD'),
        subject: 'commit 105', author: 'Tester', date: expect.stringMatching(/ago$/),
      });
      expect((await client().get(`/api/browse/git-log?agentId=${agent.id}&limit=500`)).body.commits).toHaveLength(100);
      expect((await client().get(`/api/browse/git-log?agentId=${agent.id}&limit=3`)).body.commits.map((commit: { subject: string }) => commit.subject))
        .toEqual(['commit 105', 'commit 104', 'commit 103']);
      expect(await client().get(`/api/browse/git-log?agentId=${agent.id}&limit=0`)).toMatchObject({ status: 400, body: { error: M.limitInvalid } });
    });

    it('GET /git-log of a repository without commits, or of no repository, is empty', async () => {
      const agent = await newAgent();
      expect((await client().get(`/api/browse/git-log?agentId=${agent.id}`)).body).toEqual({ ok: true, commits: [] });
      expect((await client().get('/api/browse/git-log')).body).toEqual({ ok: true, commits: [] });
    });
  });
});
