import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { MessagingModule } from '@platform/messaging';
import { SkillActionsHandlers } from './actions/skill-actions.handlers.js';
import { SkillRunner } from './actions/skill-runner.service.js';
import type { Skill } from './actions/skill.js';
import { EventSchedulerSkill } from './calendar/event-scheduler.skill.js';
import { CatalogueHandlers } from './catalogue/catalogue.handlers.js';
import { VisualSynthesizerSkill } from './creative/visual-synthesizer.skill.js';
import { skillsDatabase } from './database.js';
import { DemoSubmitterSkill } from './demos/demo-submitter.skill.js';
import { FanList } from './fans/fan-list.js';
import { GroupieManagerSkill } from './fans/groupie-manager.skill.js';
import { AgentWallets } from './payments/agent-wallets.js';
import { BookingSettlementSkill } from './payments/booking-settlement.skill.js';
import { InstantSplitSkill } from './payments/instant-split.skill.js';
import { RoyaltyTrackerSkill } from './payments/royalty-tracker.skill.js';
import { SplitRules } from './payments/split-rules.js';
import { AgentsClient } from './platform/agents-client.js';
import { AiClient } from './platform/ai-client.js';
import { BusClient } from './platform/bus-client.js';
import { CalendarClient } from './platform/calendar-client.js';
import { PlatformCalls } from './platform/platform-calls.js';
import { WalletClient } from './platform/wallet-client.js';
import { FestivalFinderSkill } from './search/festival-finder.skill.js';
import { SetlistOracleSkill } from './search/setlist-oracle.skill.js';
import { TrackArchaeologistSkill } from './search/track-archaeologist.skill.js';
import { VenueFinderSkill } from './search/venue-finder.skill.js';
import type { SkillsEnv } from './skills.env.js';
import { BUILT_SKILLS, SKILLS_ENV } from './skills.tokens.js';
import { EventTicketingSkill } from './ticketing/event-ticketing.skill.js';
import { TicketRevenue } from './ticketing/ticket-revenue.js';
import { TicketRevenueHandlers } from './ticketing/ticket-revenue.handlers.js';
import { TicketSales } from './ticketing/ticket-sales.js';

export const SKILLS_SERVICE = 'skills';

/** The built skills of the catalogue; a skill marked built there and missing here stops the boot (SkillRunner). */
const SKILLS: Type<Skill>[] = [
  TrackArchaeologistSkill, SetlistOracleSkill, VenueFinderSkill, FestivalFinderSkill, EventTicketingSkill, GroupieManagerSkill,
  DemoSubmitterSkill, VisualSynthesizerSkill, EventSchedulerSkill, InstantSplitSkill, RoyaltyTrackerSkill, BookingSettlementSkill,
];

@Module({})
export class SkillsModule {
  static forRoot(env: SkillsEnv): DynamicModule {
    return {
      module: SkillsModule,
      imports: [DatabaseModule.forRoot(env.DATABASE_URL, skillsDatabase), MessagingModule.forService(SKILLS_SERVICE, env)],
      controllers: [CatalogueHandlers, SkillActionsHandlers, TicketRevenueHandlers],
      providers: [
        { provide: SKILLS_ENV, useValue: env },
        PlatformCalls, AgentsClient, BusClient, WalletClient, CalendarClient, AiClient,
        TicketSales, TicketRevenue, FanList, SplitRules, AgentWallets,
        ...SKILLS,
        { provide: BUILT_SKILLS, useFactory: (...skills: Skill[]) => skills, inject: SKILLS },
        SkillRunner,
      ],
    };
  }
}
