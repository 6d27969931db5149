import { Injectable } from '@nestjs/common';
import { DemoSubmitterDto, validateAs } from '@platform/contracts';
import { Db } from '@platform/database';
import type { Skill, SkillCaller } from '../actions/skill.js';
import { DemoSubmissionEntity } from './demo-submission.entity.js';

/** The caller's submissions listed, newest first, at most this many. */
const LIST_LIMIT = 200;

const view = (demo: DemoSubmissionEntity) => ({
  id: demo.id, title: demo.title, artist: demo.artist, genre: demo.genre, link: demo.link, status: demo.status, submittedAt: demo.submittedAt.toISOString(),
});

/** demo-submitter: `submit` a demo (title, artist; ours: genre, link), kept in the database; `list` (ours) the caller's. */
@Injectable()
export class DemoSubmitterSkill implements Skill {
  readonly id = 'demo-submitter';

  constructor(private readonly db: Db) {}

  async use(caller: SkillCaller, body: unknown) {
    const request = validateAs(DemoSubmitterDto, body);
    if (request.action === 'list') {
      const demos = await this.db.withUser(caller.userId, (manager) =>
        manager.find(DemoSubmissionEntity, { where: { userId: caller.userId }, order: { submittedAt: 'DESC', id: 'DESC' }, take: LIST_LIMIT }));
      return { submissions: demos.map(view), count: demos.length };
    }
    const saved = await this.db.withUser(caller.userId, (manager) => manager.save(manager.create(DemoSubmissionEntity, {
      userId: caller.userId, title: request.title!.trim(), artist: request.artist!.trim(), genre: request.genre?.trim() || null,
      link: request.link ?? null, status: 'submitted',
    })));
    return { submission: view(saved) };
  }
}
