import type { WebAgentListItem } from '@contracts/agents/agent-views.js';
import { SKILL_CATEGORIES } from '@contracts/skills/skill-catalogue.js';
import type { SkillListView } from '@contracts/skills/skill-views.js';
import { useState } from 'react';
import { Link } from 'react-router';
import { api, apiGet } from '../api/api-client.js';
import { SkillCard } from '../skills/skill-card.js';
import { ActionButton } from '../ui/action-button.js';
import { AsyncList, AsyncView } from '../ui/async-state.js';
import { CheckField } from '../ui/check-field.js';
import { PageLayout } from '../ui/page-layout.js';
import { SelectField } from '../ui/select-field.js';
import { useAsync } from '../ui/use-async.js';

/** extended-services 4.7: the catalogue filtered as GET /api/skills filters it, each skill installable on one of the user's agents. */
export default function SkillsPage() {
  const [category, setCategory] = useState('all');
  const [featured, setFeatured] = useState(false);
  const [agentId, setAgentId] = useState('');
  const query = `category=${category}${featured ? '&featured=true' : ''}`;
  const skills = useAsync(async (signal) => (await apiGet<SkillListView>(`/api/skills?${query}`, signal)).skills, query);
  const agents = useAsync(async (signal) => (await apiGet<{ agents: WebAgentListItem[] }>('/api/agents', signal)).agents, 'agents');
  const agentName = agents.data?.find((agent) => agent.id === agentId)?.name;
  return (
    <PageLayout title="Skills">
      <div role="group" aria-label="Filters">
        <SelectField label="Category" value={category} onChange={setCategory} options={[['all', 'All categories'], ...SKILL_CATEGORIES.map((name) => [name, name] as const)]} />
        <CheckField label="Featured only" checked={featured} onChange={setFeatured} />
      </div>
      <AsyncView state={agents} noun="your agents">
        {(items) => (items.length === 0
          ? <p>Skills are installed on an agent: <Link to="/dashboard">provision one first</Link>.</p>
          : <SelectField label="Install on agent" value={agentId} onChange={setAgentId} options={[['', 'Choose an agent…'], ...items.map((agent) => [agent.id, agent.name] as const)]} />)}
      </AsyncView>
      <AsyncList state={skills} noun="skills" empty={<p>No skills match these filters.</p>}>
        {(items) => (
          <ul className="card-list">
            {items.map((skill) => (
              <SkillCard key={skill.id} skill={skill}>
                {agentName && (
                  <ActionButton label={`Install ${skill.name} on ${agentName}`} done={`Installed ${skill.name} on ${agentName}`}
                    action={() => api('POST', '/api/skills', { skillId: skill.id, agentId })}>Install</ActionButton>
                )}
              </SkillCard>
            ))}
          </ul>
        )}
      </AsyncList>
    </PageLayout>
  );
}
