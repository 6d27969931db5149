import { chosenRemote, shownRemote, withoutCredentials } from './git-remote.js';

describe('shownRemote', () => {
  it('takes credentials out of an http(s) remote and keeps every other form as it is', () => {
    expect(shownRemote('https://bot:s3cret@git.example.com/team/repo.git')).toBe('https://git.example.com/team/repo.git');
    expect(shownRemote('https://git.example.com/team/repo.git')).toBe('https://git.example.com/team/repo.git');
    expect(shownRemote('git@git.example.com:team/repo.git')).toBe('git@git.example.com:team/repo.git');
    expect(shownRemote('/srv/git/repo.git')).toBe('/srv/git/repo.git');
  });
});

describe('withoutCredentials', () => {
  it('masks the user and token of every URL in a message', () => {
    expect(withoutCredentials("fatal: unable to access 'https://bot:s3cret@git.example.com/repo.git/': 403"))
      .toBe("fatal: unable to access 'https://***@git.example.com/repo.git/': 403");
  });
});

describe('chosenRemote', () => {
  const remotes = [{ name: 'backup' }, { name: 'origin' }];

  it('takes the branch\'s remote, else origin, else the only one', () => {
    expect(chosenRemote(remotes, 'backup')).toEqual({ name: 'backup' });
    expect(chosenRemote(remotes, null)).toEqual({ name: 'origin' });
    expect(chosenRemote([{ name: 'mirror' }], null)).toEqual({ name: 'mirror' });
    expect(chosenRemote([{ name: 'a' }, { name: 'b' }], null)).toBeNull();
    expect(chosenRemote([], null)).toBeNull();
  });
});
