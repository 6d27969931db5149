import type { ServiceDatabase } from '@platform/database';
import { DemoSubmissionEntity } from './demos/demo-submission.entity.js';
import { SkillsInitial1764630000000 } from './migrations/1764630000000-skills-initial.js';
import { SplitRuleEntity } from './payments/split-rule.entity.js';
import { TicketInventoryEntity } from './ticketing/ticket-inventory.entity.js';
import { TicketEntity } from './ticketing/ticket.entity.js';

export const skillsDatabase: ServiceDatabase = {
  schema: 'skills',
  entities: [TicketInventoryEntity, TicketEntity, DemoSubmissionEntity, SplitRuleEntity],
  migrations: [SkillsInitial1764630000000],
};
