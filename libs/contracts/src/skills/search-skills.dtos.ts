import { IsIn, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { SKILL_MESSAGES as M, skillActionInvalid } from './skill-messages.js';

export const SEARCH_ACTIONS = ['search'] as const;
export const SETLIST_ACTIONS = ['build'] as const;

/** POST /api/skills/track-archaeologist: tracks of the shipped catalogue near a tempo, of a genre and mood. */
export class TrackSearchDto {
  @IsIn(SEARCH_ACTIONS, { message: skillActionInvalid(SEARCH_ACTIONS) }) action!: string;
  @IsOptional() @Max(220, { message: M.bpmInvalid }) @Min(40, { message: M.bpmInvalid }) @IsInt({ message: M.bpmInvalid }) bpm?: number;
  @IsOptional() @MaxLength(64, { message: M.genreInvalid }) @IsString({ message: M.genreInvalid }) genre?: string;
  @IsOptional() @MaxLength(64, { message: M.moodInvalid }) @IsString({ message: M.moodInvalid }) mood?: string;
}

/** POST /api/skills/setlist-oracle: a set of one genre filling `duration` minutes. */
export class SetlistBuildDto {
  @IsIn(SETLIST_ACTIONS, { message: skillActionInvalid(SETLIST_ACTIONS) }) action!: string;
  @IsOptional() @MaxLength(64, { message: M.genreInvalid }) @IsString({ message: M.genreInvalid }) genre?: string;
  @Max(480, { message: M.durationInvalid }) @Min(10, { message: M.durationInvalid }) @IsInt({ message: M.durationInvalid }) duration!: number;
}

/** POST /api/skills/venue-finder. */
export class VenueSearchDto {
  @IsIn(SEARCH_ACTIONS, { message: skillActionInvalid(SEARCH_ACTIONS) }) action!: string;
  @IsOptional() @MaxLength(100, { message: M.cityInvalid }) @IsString({ message: M.cityInvalid }) city?: string;
  @IsOptional() @MaxLength(64, { message: M.typeInvalid }) @IsString({ message: M.typeInvalid }) type?: string;
  @IsOptional() @Min(1, { message: M.capacityInvalid }) @IsInt({ message: M.capacityInvalid }) capacity?: number;
  @IsOptional() @Min(0, { message: M.maxPriceInvalid }) @IsNumber({ allowNaN: false, allowInfinity: false }, { message: M.maxPriceInvalid }) maxPrice?: number;
}

/** POST /api/skills/festival-finder. */
export class FestivalSearchDto {
  @IsIn(SEARCH_ACTIONS, { message: skillActionInvalid(SEARCH_ACTIONS) }) action!: string;
  @IsOptional() @MaxLength(64, { message: M.genreInvalid }) @IsString({ message: M.genreInvalid }) genre?: string;
  @IsOptional() @MaxLength(100, { message: M.countryInvalid }) @IsString({ message: M.countryInvalid }) country?: string;
  @IsOptional() @Min(0, { message: M.maxPriceInvalid }) @IsNumber({ allowNaN: false, allowInfinity: false }, { message: M.maxPriceInvalid }) maxPrice?: number;
}
