import { Injectable } from '@nestjs/common';
import { GroupieManagerDto, validateAs } from '@platform/contracts';
import type { Skill, SkillCaller } from '../actions/skill.js';
import { FanList } from './fan-list.js';

/** groupie-manager: `segment` the caller's fans; ours besides, `add` one by hand and `list` them. */
@Injectable()
export class GroupieManagerSkill implements Skill {
  readonly id = 'groupie-manager';

  constructor(private readonly fans: FanList) {}

  async use(caller: SkillCaller, body: unknown) {
    const request = validateAs(GroupieManagerDto, body);
    if (request.action === 'add') return { fan: await this.fans.add(caller.userId, request.email!, request.name) };
    if (request.action === 'list') return this.fans.list(caller.userId);
    return this.fans.segments(caller.userId);
  }
}
