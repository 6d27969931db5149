import { SKILL_CATALOGUE, SKILL_CATEGORIES, type ListSkillsQuery, type SkillListView } from '@platform/contracts';

/**
 * GET /api/skills (4.7): the skills of the category (all for `all` or none given), featured or not
 * when asked; every category; and the featured skills of the category shown (docs/spec-decisions.md).
 */
export function skillListing(query: ListSkillsQuery): SkillListView {
  const category = query.category === 'all' ? undefined : query.category;
  const inCategory = SKILL_CATALOGUE.filter((skill) => category === undefined || skill.category === category);
  const featured = query.featured === undefined ? undefined : query.featured === 'true';
  return {
    skills: inCategory.filter((skill) => featured === undefined || skill.featured === featured),
    categories: [...SKILL_CATEGORIES],
    featured: inCategory.filter((skill) => skill.featured),
  };
}
