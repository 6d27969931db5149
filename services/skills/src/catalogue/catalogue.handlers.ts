import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ListSkillsQuery, ok, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { skillListing } from './skill-listing.js';

@Controller()
export class CatalogueHandlers {
  @MessagePattern(SUBJECTS.skills.list)
  list(@Payload() envelope: Envelope) {
    return ok(skillListing(validateAs(ListSkillsQuery, envelope.query)));
  }
}
