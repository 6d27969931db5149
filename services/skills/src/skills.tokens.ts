export const SKILLS_ENV = Symbol('SKILLS_ENV');
/** Every built skill, one provider each (actions/skill.ts). */
export const BUILT_SKILLS = Symbol('BUILT_SKILLS');
