import { Injectable } from '@nestjs/common';
import { validateAs, VenueSearchDto } from '@platform/contracts';
import type { Skill } from '../actions/skill.js';
import { VENUES } from '../datasets/datasets.js';
import { matches } from './text-match.js';

/** venue-finder `search`: shipped venues in the city, of the type, holding at least `capacity`, at most `maxPrice` a night; cheapest first. */
@Injectable()
export class VenueFinderSkill implements Skill {
  readonly id = 'venue-finder';

  async use(_caller: unknown, body: unknown) {
    const query = validateAs(VenueSearchDto, body);
    const venues = VENUES
      .filter((venue) => matches(venue.city, query.city) && matches(venue.type, query.type)
        && venue.capacity >= (query.capacity ?? 0) && venue.pricePerNightUsdc <= (query.maxPrice ?? Infinity))
      .sort((a, b) => a.pricePerNightUsdc - b.pricePerNightUsdc || a.capacity - b.capacity || a.id.localeCompare(b.id));
    return { venues, count: venues.length };
  }
}
