import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { SKILL_CATEGORIES } from './skill-catalogue.js';
import { SKILL_MESSAGES as M } from './skill-messages.js';

const ID = /^\S{1,64}$/;

/** GET /api/skills: `category` (all or omitted for every category) and `featured`. */
export class ListSkillsQuery {
  @IsOptional() @IsIn(['all', ...SKILL_CATEGORIES], { message: M.categoryInvalid }) category?: string;
  @IsOptional() @IsIn(['true', 'false'], { message: M.featuredInvalid }) featured?: string;
}

/** POST and DELETE /api/skills (extended-services 4.7). */
export class SkillInstallDto {
  @MaxLength(64, { message: M.skillIdRequired }) @Matches(ID, { message: M.skillIdRequired }) @IsString({ message: M.skillIdRequired }) skillId!: string;
  @MaxLength(64, { message: M.agentIdRequired }) @Matches(ID, { message: M.agentIdRequired }) @IsString({ message: M.agentIdRequired }) agentId!: string;
}
