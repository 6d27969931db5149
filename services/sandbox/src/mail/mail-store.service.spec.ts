import type { CaughtMail } from './caught-mail.model.js';
import { MAIL_STORE_CAPACITY, MailStore } from './mail-store.service.js';

const mail = (id: string, to = ['someone@example.test']): CaughtMail => ({
  id,
  from: 'sender@example.test',
  to,
  subject: id,
  text: null,
  html: null,
  receivedAt: new Date(0).toISOString(),
});

describe('MailStore', () => {
  let sut: MailStore;

  beforeEach(() => {
    sut = new MailStore();
  });

  it('keeps only the newest messages once full, dropping the oldest', () => {
    for (let index = 0; index <= MAIL_STORE_CAPACITY; index++) sut.add(mail(`m${index}`));

    const messages = sut.list();

    expect(messages).toHaveLength(MAIL_STORE_CAPACITY);
    expect(messages[0].id).toBe(`m${MAIL_STORE_CAPACITY}`);
    expect(messages.at(-1)?.id).toBe('m1');
  });

  it('matches a recipient on the whole address, not a part of it', () => {
    sut.add(mail('m1', ['alice@example.test']));

    expect(sut.list('lice@example.test')).toEqual([]);
  });

  it('hands out a copy, so a caller cannot change what is stored', () => {
    sut.add(mail('m1'));

    sut.list().pop();

    expect(sut.list()).toHaveLength(1);
  });
});
