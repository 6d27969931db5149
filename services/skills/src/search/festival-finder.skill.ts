import { Injectable } from '@nestjs/common';
import { FestivalSearchDto, validateAs } from '@platform/contracts';
import type { Skill } from '../actions/skill.js';
import { FESTIVALS } from '../datasets/datasets.js';
import { matches } from './text-match.js';

/** festival-finder `search`: shipped festivals playing the genre, in the country, with tickets at most `maxPrice`; cheapest first. */
@Injectable()
export class FestivalFinderSkill implements Skill {
  readonly id = 'festival-finder';

  async use(_caller: unknown, body: unknown) {
    const query = validateAs(FestivalSearchDto, body);
    const festivals = FESTIVALS
      .filter((festival) => (query.genre === undefined || festival.genres.some((genre) => matches(genre, query.genre)))
        && matches(festival.country, query.country) && festival.ticketPriceUsdc <= (query.maxPrice ?? Infinity))
      .sort((a, b) => a.ticketPriceUsdc - b.ticketPriceUsdc || a.id.localeCompare(b.id));
    return { festivals, count: festivals.length };
  }
}
