import type { SkillEntry } from '@contracts/skills/skill-catalogue.js';
import type { ReactNode } from 'react';

/** One skill of the catalogue (extended-services 2, Skill) with what can be done with it. */
export function SkillCard({ skill, children }: { skill: SkillEntry; children: ReactNode }) {
  return (
    <li className="card">
      <h3>{skill.name}{skill.featured && <> <span className="status">featured</span></>}</h3>
      <p>{skill.description}</p>
      <p className="field-hint">
        {skill.category} · by {skill.author} · {skill.downloads.toLocaleString()} downloads · rated {skill.rating} of 5
        {!skill.built && ' · installs now, usable in a later release'}
      </p>
      {children}
    </li>
  );
}
