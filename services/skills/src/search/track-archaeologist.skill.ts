import { Injectable } from '@nestjs/common';
import { TrackSearchDto, validateAs } from '@platform/contracts';
import type { Skill } from '../actions/skill.js';
import { TRACKS } from '../datasets/datasets.js';
import { matches } from './text-match.js';

/** How far from the asked tempo a track still counts: a DJ pitches a record this far without it sounding wrong. */
export const BPM_TOLERANCE = 6;
const MAX_RESULTS = 20;

/** track-archaeologist `search`: shipped tracks near a tempo, of a genre and a mood; the closest tempo first, then the oldest. */
@Injectable()
export class TrackArchaeologistSkill implements Skill {
  readonly id = 'track-archaeologist';

  async use(_caller: unknown, body: unknown) {
    const query = validateAs(TrackSearchDto, body);
    const distance = (bpm: number) => (query.bpm === undefined ? 0 : Math.abs(bpm - query.bpm));
    const tracks = TRACKS
      .filter((track) => matches(track.genre, query.genre) && matches(track.mood, query.mood) && distance(track.bpm) <= BPM_TOLERANCE)
      .sort((a, b) => distance(a.bpm) - distance(b.bpm) || a.year - b.year || a.id.localeCompare(b.id))
      .slice(0, MAX_RESULTS);
    return { query: { bpm: query.bpm ?? null, genre: query.genre ?? null, mood: query.mood ?? null, bpmTolerance: BPM_TOLERANCE }, tracks, count: tracks.length };
  }
}
