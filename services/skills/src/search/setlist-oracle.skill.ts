import { Injectable } from '@nestjs/common';
import { SetlistBuildDto, validateAs } from '@platform/contracts';
import type { Skill } from '../actions/skill.js';
import { TRACKS, type Track } from '../datasets/datasets.js';
import { matches } from './text-match.js';

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * setlist-oracle `build`: shipped tracks of the genre, tempo rising through the set, each added
 * while the set still fits the slot (`duration` minutes); never longer than the slot.
 */
@Injectable()
export class SetlistOracleSkill implements Skill {
  readonly id = 'setlist-oracle';

  async use(_caller: unknown, body: unknown) {
    const request = validateAs(SetlistBuildDto, body);
    const slotSeconds = request.duration * 60;
    const candidates = TRACKS.filter((track) => matches(track.genre, request.genre)).sort((a, b) => a.bpm - b.bpm || a.id.localeCompare(b.id));
    const chosen: Track[] = [];
    let totalSeconds = 0;
    for (const track of candidates) {
      if (totalSeconds + track.durationSeconds > slotSeconds) continue;
      chosen.push(track);
      totalSeconds += track.durationSeconds;
    }
    let startsAt = 0;
    const setlist = chosen.map((track, index) => {
      const entry = { position: index + 1, startsAt: clock(startsAt), ...track };
      startsAt += track.durationSeconds;
      return entry;
    });
    return { genre: request.genre ?? null, durationMinutes: request.duration, totalSeconds, totalTime: clock(totalSeconds), setlist, count: setlist.length };
  }
}
