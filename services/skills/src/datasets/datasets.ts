import { readFileSync } from 'node:fs';

export interface Track {
  id: string;
  title: string;
  artist: string;
  year: number;
  bpm: number;
  genre: string;
  mood: string;
  key: string;
  durationSeconds: number;
  label: string;
}

export interface Venue {
  id: string;
  name: string;
  city: string;
  country: string;
  type: string;
  capacity: number;
  pricePerNightUsdc: number;
}

export interface Festival {
  id: string;
  name: string;
  country: string;
  city: string;
  genres: string[];
  ticketPriceUsdc: number;
  month: string;
}

/** A dataset shipped with the service (services/skills/data, reviewed like code), read once; the same path from src and dist. */
function load<T>(name: string): readonly T[] {
  return JSON.parse(readFileSync(new URL(`../../data/${name}.json`, import.meta.url), 'utf8')) as T[];
}

export const TRACKS = load<Track>('tracks');
export const VENUES = load<Venue>('venues');
export const FESTIVALS = load<Festival>('festivals');
